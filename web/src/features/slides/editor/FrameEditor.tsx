import { Box } from '@mui/material';
import { useRef, useState, type PointerEvent } from 'react';
import { drawnRect, fromCropSpace, handleLayout, HANDLE_SIZE, isValidCrop, movedRect, resizedRect, toCropSpace, type Handle, type Rect } from './crop-geometry.ts';
import { ToolSurface, type Shown } from './ToolSurface.tsx';

type Drag = { kind: 'draw'; x: number; y: number } | { kind: 'move'; x: number; y: number; start: Rect } | { kind: 'resize'; handle: Handle; x: number; y: number; start: Rect };

/**
 * One of the custom zoom's frames: a rectangle of a fixed shape drawn, moved and resized over the picture with the
 * crop tool's rules; a drag too small to be a frame clears it.
 */
export function FrameEditor({ src, alt, value, aspect, onChange, testId }: { src: string | null; alt: string; value: Rect | null; aspect: number; onChange(rect: Rect | null): void; testId: string }) {
  const drag = useRef<Drag | null>(null);
  const [working, setWorking] = useState<Rect | null>(null);

  const overlay = (shown: Shown) => {
    const bounds = { width: shown.width, height: shown.height };
    const rect = working ?? (value ? fromCropSpace(value, bounds) : null);
    const point = (event: PointerEvent) => {
      const box = event.currentTarget.getBoundingClientRect();
      return { x: ((event.clientX - box.left) / box.width) * shown.width, y: ((event.clientY - box.top) / box.height) * shown.height };
    };
    return (
      <Box
        data-testid={testId}
        onPointerDown={(event) => {
          const p = point(event);
          const handle = (event.target as HTMLElement).dataset.handle as Handle | undefined;
          event.currentTarget.setPointerCapture(event.pointerId);
          if (handle && rect) drag.current = { kind: 'resize', handle, x: p.x, y: p.y, start: rect };
          else if (rect && p.x > rect.x1 && p.x < rect.x2 && p.y > rect.y1 && p.y < rect.y2) drag.current = { kind: 'move', x: p.x, y: p.y, start: rect };
          else drag.current = { kind: 'draw', x: p.x, y: p.y };
          event.preventDefault();
        }}
        onPointerMove={(event) => {
          const d = drag.current;
          if (!d) return;
          const p = point(event);
          if (d.kind === 'draw') setWorking(drawnRect(d, p, bounds, aspect));
          else if (d.kind === 'move') setWorking(movedRect(d.start, p.x - d.x, p.y - d.y, bounds));
          else setWorking(resizedRect(d.start, d.handle, p.x - d.x, p.y - d.y, bounds, aspect));
        }}
        onPointerUp={() => {
          const d = drag.current;
          drag.current = null;
          if (!d) return;
          if (working && isValidCrop(working)) onChange(toCropSpace(working, bounds));
          else if (d.kind === 'draw') onChange(null);
          setWorking(null);
        }}
        sx={{ position: 'absolute', left: shown.left, top: shown.top, width: shown.width, height: shown.height, cursor: 'crosshair', touchAction: 'none' }}
      >
        {rect && (
          <>
            <Box
              sx={{
                position: 'absolute',
                left: rect.x1,
                top: rect.y1,
                width: rect.x2 - rect.x1,
                height: rect.y2 - rect.y1,
                outline: `2px solid ${isValidCrop(rect) ? '#fff' : '#f44336'}`,
                boxShadow: '0 0 0 9999px rgba(0,0,0,0.5)',
                pointerEvents: 'none',
              }}
            />
            {handleLayout(rect).map((h) => (
              <Box
                key={h.handle}
                data-handle={h.handle}
                aria-hidden
                sx={{
                  position: 'absolute',
                  left: h.x - HANDLE_SIZE / 2,
                  top: h.y - HANDLE_SIZE / 2,
                  width: HANDLE_SIZE,
                  height: HANDLE_SIZE,
                  cursor: `${h.handle}-resize`,
                  '&::after': { content: '""', position: 'absolute', inset: 19, bgcolor: '#fff', border: '2px solid #1976d2', borderRadius: '3px' },
                }}
              />
            ))}
          </>
        )}
      </Box>
    );
  };

  return (
    <ToolSurface src={src} alt={alt} padding={HANDLE_SIZE / 2} clip>
      {overlay}
    </ToolSurface>
  );
}
