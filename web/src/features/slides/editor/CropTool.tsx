import { Box, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { isPhoto } from '../order.ts';
import {
  drawnRect,
  fromCropSpace,
  handleLayout,
  HANDLE_SIZE,
  initialCrop,
  isValidCrop,
  movedRect,
  resizedRect,
  sameCrop,
  toCropSpace,
  type Handle,
  type Rect,
} from './crop-geometry.ts';
import { sansUrl } from './sans.ts';
import { straightenTransform } from './StraightenTool.tsx';
import type { ToolProps } from './tool-props.ts';
import { ToolFrame } from './ToolFrame.tsx';
import { ToolSurface, type Shown } from './ToolSurface.tsx';

type Drag = { kind: 'draw'; x: number; y: number } | { kind: 'move'; x: number; y: number; start: Rect } | { kind: 'resize'; handle: Handle; x: number; y: number; start: Rect };

const isTouch = () => window.matchMedia?.('(pointer: coarse)').matches ?? false;

/** /slides/{id}/crop (spec 2 "Crop dialog", section 4 "Crop tool"). */
export function CropTool({ slide, isCover, coverRatio, working, edits, onClose, onGo }: ToolProps) {
  const photo = isPhoto(slide);
  const aspect = isCover ? coverRatio : null;
  /** The working area in crop space; null when none is drawn. */
  const [area, setArea] = useState<Rect | null>(null);
  const [invalid, setInvalid] = useState(false);
  const drag = useRef<Drag | null>(null);
  const natural = useRef<{ width: number; height: number } | null>(null);
  const [picture, setPicture] = useState({ width: 1, height: 1 });

  // A crop changed from outside (a rotation finished, another editor) abandons the working area.
  const cropKey = `${slide.id}:${JSON.stringify(slide.crop)}:${slide.angle}:${slide.straighten}`;
  const [seenKey, setSeenKey] = useState<string | null>(null);
  const openWith = (picture: { width: number; height: number }) => setArea(initialCrop(slide.crop, picture, isCover ? coverRatio : null));
  useEffect(() => {
    if (seenKey !== null && seenKey !== cropKey && natural.current) openWith(natural.current);
    setSeenKey(cropKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the slide's own crop resets the area
  }, [cropKey]);

  const commit = async (asNew: boolean) => {
    if (area && isValidCrop(area) && !sameCrop(area, slide.crop)) {
      if (asNew) {
        const made = await edits.cropAsNew(slide.id, area);
        if (made !== null) return onGo(made);
      } else void edits.crop(slide.id, area);
    }
    onClose();
  };

  const point = (event: PointerEvent, shown: Shown) => {
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    return { x: ((event.clientX - box.left) / box.width) * shown.width, y: ((event.clientY - box.top) / box.height) * shown.height };
  };

  const overlay = (shown: Shown) => {
    const bounds = { width: shown.width, height: shown.height };
    const rect = area ? fromCropSpace(area, bounds) : null;
    const onPointerDown = (event: PointerEvent) => {
      if (working) return;
      const p = point(event, shown);
      const target = event.target as HTMLElement;
      const handle = target.dataset.handle as Handle | undefined;
      (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
      if (handle && rect) drag.current = { kind: 'resize', handle, x: p.x, y: p.y, start: rect };
      else if (rect && p.x > rect.x1 && p.x < rect.x2 && p.y > rect.y1 && p.y < rect.y2) drag.current = { kind: 'move', x: p.x, y: p.y, start: rect };
      else drag.current = { kind: 'draw', x: p.x, y: p.y };
      event.preventDefault();
    };
    const onPointerMove = (event: PointerEvent) => {
      const d = drag.current;
      if (!d) return;
      const p = point(event, shown);
      let next: Rect;
      if (d.kind === 'draw') next = drawnRect(d, p, bounds, aspect);
      else if (d.kind === 'move') next = movedRect(d.start, p.x - d.x, p.y - d.y, bounds);
      else next = resizedRect(d.start, d.handle, p.x - d.x, p.y - d.y, bounds, aspect);
      setInvalid(!isValidCrop(next));
      setArea(toCropSpace(next, bounds));
    };
    const onPointerUp = () => {
      const d = drag.current;
      drag.current = null;
      if (!d) return;
      // Too small to be a crop: dropped on release (a plain click on the picture clears the area too).
      if (invalid || !area || !rect || !isValidCrop(rect)) {
        setArea(d.kind === 'draw' ? null : toCropSpace(d.kind === 'move' || d.kind === 'resize' ? d.start : rect!, bounds));
        setInvalid(false);
      }
    };
    return (
      <Box
        data-testid="crop-surface"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        sx={{ position: 'absolute', left: shown.left, top: shown.top, width: shown.width, height: shown.height, cursor: 'crosshair', touchAction: 'none' }}
      >
        {rect ? (
          <>
            <Box
              data-testid="crop-area"
              sx={{
                position: 'absolute',
                left: rect.x1,
                top: rect.y1,
                width: rect.x2 - rect.x1,
                height: rect.y2 - rect.y1,
                outline: `2px solid ${invalid ? '#f44336' : '#fff'}`,
                boxShadow: '0 0 0 9999px rgba(0,0,0,0.55)',
                cursor: 'move',
                pointerEvents: 'none',
              }}
            />
            {!invalid &&
              handleLayout(rect).map((h) => (
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
                    '&::after': { content: '""', position: 'absolute', inset: 17, bgcolor: '#fff', border: '2px solid #1976d2', borderRadius: '3px' },
                  }}
                />
              ))}
          </>
        ) : (
          <Typography sx={{ position: 'absolute', left: 0, right: 0, top: '45%', textAlign: 'center', color: '#fff', textShadow: '0 1px 3px #000', pointerEvents: 'none', fontSize: 20 }}>
            {isTouch() ? 'Tap' : 'Click and drag to start'}
          </Typography>
        )}
      </Box>
    );
  };

  return (
    <ToolFrame
      id="crop-tool"
      title="Crop"
      working={working}
      onDone={() => void commit(false)}
      image={
        photo ? (
          <ToolSurface src={sansUrl(slide, 'crop')} alt={`Crop ${slide.origPath ?? 'photo'}`} padding={HANDLE_SIZE / 2 + 8}
            clip
            // The crop tool's picture is the whole photo unstraightened; the crop frames the straightened photo.
            imageStyle={{ transform: straightenTransform(slide.straighten, picture.width, picture.height) }}
            onNatural={(size) => {
              // The first picture opens the slide's own crop; a new picture (after an edit) keeps the working area.
              if (!natural.current) openWith(size);
              natural.current = size;
              setPicture(size);
            }}
          >
            {overlay}
          </ToolSurface>
        ) : (
          <Typography sx={{ color: '#fff', position: 'absolute', top: '45%', width: '100%', textAlign: 'center', fontSize: 20 }}>
            {slide.isVideo ? 'Cannot crop video' : 'Cannot crop text slide'}
          </Typography>
        )
      }
      controls={
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {isCover ? 'The cover photo keeps the shape of the video.' : 'Drag the area or its handles; drag outside it to start again.'}
          </Typography>
          {photo && !isCover && (
            <Button variant="outlined" disabled={working || !area || invalid || sameCrop(area, slide.crop)} onClick={() => void commit(true)}>
              Crop as New
            </Button>
          )}
        </>
      }
    />
  );
}
