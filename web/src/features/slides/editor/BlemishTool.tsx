import { Button, Slider, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { BRUSH_PREVIEW_MS, BRUSH_SIZE_DEFAULT, markAt, markOnPicture, MARK_SIZE_MAX, MARK_SIZE_MIN, nextStroke, type Mark } from './retouch.ts';
import { RetouchLayer } from './RetouchLayer.tsx';
import { sansUrl } from './sans.ts';
import type { ToolProps } from './tool-props.ts';
import { ToolFrame } from './ToolFrame.tsx';
import { ToolSurface } from './ToolSurface.tsx';

const blurUrl = (slide: ToolProps['slide']): string | null => {
  const value = (slide as unknown as { bigBlemishBlurUrl?: unknown }).bigBlemishBlurUrl;
  return typeof value === 'string' && value ? value : null;
};

/**
 * /slides/{id}/blemishes (spec 2 "Blemish dialog"): a round brush whose strokes conceal what they cover, 'Brush
 * Size', Reset. Closing saves and returns to /slides/{id}.
 */
export function BlemishTool({ slide, working, edits, onClose }: ToolProps) {
  const [strokes, setStrokes] = useState<Mark[]>(slide.blemishes as Mark[]);
  const [brush, setBrush] = useState(BRUSH_SIZE_DEFAULT);
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const dragging = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const geometry = { angle: slide.angle, straighten: slide.straighten, crop: slide.crop };
  const size = { width: slide.width ?? 1, height: slide.height ?? 1 };
  const src = sansUrl(slide, 'blemishes');
  const blur = blurUrl(slide);

  const changeBrush = (value: number) => {
    setBrush(value);
    // The brush's outline shows in the middle of the picture until 1 s after the slider last moved.
    setPreviewing(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setPreviewing(false), BRUSH_PREVIEW_MS);
  };

  const done = () => {
    if (JSON.stringify(strokes) !== JSON.stringify(slide.blemishes) && !working) void edits.save(slide.id, { blemishes: strokes });
    onClose();
  };

  return (
    <ToolFrame
      id="blemish-tool"
      title="Blemish Concealer"
      working={working}
      onDone={done}
      image={
        <ToolSurface src={src} alt={`Blemish concealer on ${slide.origPath ?? 'photo'}`}>
          {(shown) => {
            const scale = shown.width / shown.naturalWidth;
            const radiusShown = brush * scale;
            const local = (event: PointerEvent) => {
              const box = event.currentTarget.getBoundingClientRect();
              return { x: event.clientX - box.left, y: event.clientY - box.top };
            };
            const add = (p: { x: number; y: number }) => {
              if (!nextStroke(last.current, p, radiusShown)) return;
              last.current = p;
              setStrokes((s) => [...s, markAt(geometry, size, shown.naturalWidth, p.x / shown.width, p.y / shown.height, brush)]);
            };
            const placed = strokes.map((m) => markOnPicture(geometry, size, shown.naturalWidth, m));
            const cursor = previewing ? { x: shown.width / 2, y: shown.height / 2 } : pointer;
            return (
              <div
                data-testid="blemish-surface"
                onPointerDown={(e) => {
                  e.currentTarget.setPointerCapture(e.pointerId);
                  dragging.current = true;
                  last.current = null;
                  add(local(e));
                }}
                onPointerMove={(e) => {
                  const p = local(e);
                  setPointer(p);
                  if (dragging.current) add(p);
                }}
                onPointerUp={() => {
                  dragging.current = false;
                  last.current = null;
                }}
                onPointerLeave={() => setPointer(null)}
                style={{ position: 'absolute', left: shown.left, top: shown.top, width: shown.width, height: shown.height, cursor: 'none', touchAction: 'none' }}
              >
                <RetouchLayer
                  src={src}
                  extraSrc={blur}
                  label="Photo with blemishes concealed"
                  paint={(ctx, picture, smooth) => {
                    const w = picture.naturalWidth;
                    const h = picture.naturalHeight;
                    for (const p of placed) {
                      ctx.save();
                      ctx.beginPath();
                      ctx.arc(p.u * w, p.v * h, p.radius, 0, Math.PI * 2);
                      ctx.clip();
                      // The smoothed picture through the brush; until the server's is in, a blur of the picture itself.
                      if (smooth) ctx.drawImage(smooth, 0, 0, w, h);
                      else {
                        ctx.filter = `blur(${Math.max(2, p.radius / 2)}px)`;
                        ctx.drawImage(picture, 0, 0);
                      }
                      ctx.restore();
                    }
                  }}
                />
                {cursor && (
                  <div
                    aria-hidden
                    data-testid="brush-cursor"
                    style={{
                      position: 'absolute',
                      left: cursor.x - radiusShown,
                      top: cursor.y - radiusShown,
                      width: radiusShown * 2,
                      height: radiusShown * 2,
                      borderRadius: '50%',
                      border: '2px solid #fff',
                      boxShadow: '0 0 0 1px #000',
                      pointerEvents: 'none',
                    }}
                  />
                )}
              </div>
            );
          }}
        </ToolSurface>
      }
      controls={
        <Stack spacing={1}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Brush over a blemish to conceal it.
          </Typography>
          <Typography id="brush-size">Brush Size</Typography>
          <Slider aria-labelledby="brush-size" min={MARK_SIZE_MIN} max={MARK_SIZE_MAX} step={1} value={brush} valueLabelDisplay="auto" onChange={(_, v) => changeBrush(v as number)} />
          <Button variant="outlined" disabled={!strokes.length} onClick={() => setStrokes([])}>
            Reset
          </Button>
        </Stack>
      }
    />
  );
}
