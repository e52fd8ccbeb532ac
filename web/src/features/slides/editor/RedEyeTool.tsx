import { Button, Slider, Stack, Typography } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { isPhoto } from '../order.ts';
import { markAt, markOnPicture, MARK_SIZE_MAX, MARK_SIZE_MIN, PUPIL_SIZE_DEFAULT, removeRedEye, type Mark } from './retouch.ts';
import { RetouchLayer } from './RetouchLayer.tsx';
import { sansUrl } from './sans.ts';
import { neighbours, type ToolProps } from './tool-props.ts';
import { ToolFrame } from './ToolFrame.tsx';
import { ToolSurface } from './ToolSurface.tsx';

/** Spec 2 section 9: the red-eye tool's actions area is 110 high. */
const RED_EYE_ACTIONS_HEIGHT = 110;

const sameMarks = (a: Mark[], b: Mark[]) => JSON.stringify(a) === JSON.stringify(b);

/** /slides/{id}/redeyes (spec 2 "Red-eye dialog"): click an eye to mark it, 'Pupil Size', Reset; Previous, Next, Done. */
export function RedEyeTool({ slide, slides, working, edits, onClose, onGo }: ToolProps) {
  const [marks, setMarks] = useState<Mark[]>(slide.redeyes as Mark[]);
  const [pupil, setPupil] = useState(PUPIL_SIZE_DEFAULT);
  const { previous, next } = neighbours(slides, slide.id, isPhoto);
  const geometry = { angle: slide.angle, straighten: slide.straighten, crop: slide.crop };
  const size = { width: slide.width ?? 1, height: slide.height ?? 1 };
  const src = sansUrl(slide, 'redeyes');

  const leave = (then: () => void) => {
    if (!sameMarks(marks, slide.redeyes as Mark[]) && !working) void edits.save(slide.id, { redeyes: marks });
    then();
  };

  return (
    <ToolFrame
      id="redeye-tool"
      title="Red Eye Removal"
      working={working}
      actionsHeight={RED_EYE_ACTIONS_HEIGHT}
      onDone={() => leave(onClose)}
      onPrevious={previous ? () => leave(() => onGo(previous.id)) : null}
      onNext={next ? () => leave(() => onGo(next.id)) : null}
      image={
        <ToolSurface src={src} alt={`Red eye removal on ${slide.origPath ?? 'photo'}`}>
          {(shown) => {
            const onClick = (event: MouseEvent) => {
              const box = event.currentTarget.getBoundingClientRect();
              const u = (event.clientX - box.left) / box.width;
              const v = (event.clientY - box.top) / box.height;
              // The pupil size is in pixels of the big picture, so a mark looks the same at any window size.
              setMarks((m) => [...m, markAt(geometry, size, shown.naturalWidth, u, v, pupil)]);
            };
            const placed = marks.map((m) => markOnPicture(geometry, size, shown.naturalWidth, m));
            const scale = shown.width / shown.naturalWidth;
            return (
              <div data-testid="redeye-surface" onClick={onClick} style={{ position: 'absolute', left: shown.left, top: shown.top, width: shown.width, height: shown.height, cursor: 'crosshair' }}>
                <RetouchLayer
                  src={src}
                  label="Photo with red eyes removed"
                  paint={(ctx, picture) => {
                    const { naturalWidth: w, naturalHeight: h } = picture;
                    const pixels = ctx.getImageData(0, 0, w, h);
                    for (const p of placed) removeRedEye(pixels.data, w, h, p.u * w, p.v * h, p.radius);
                    ctx.putImageData(pixels, 0, 0);
                  }}
                />
                <svg width={shown.width} height={shown.height} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} aria-hidden>
                  {placed.map((p, i) => (
                    <circle key={i} cx={p.u * shown.width} cy={p.v * shown.height} r={Math.max(2, p.radius * scale)} fill="none" stroke="#fff" strokeWidth={1.5} strokeDasharray="3 2" />
                  ))}
                </svg>
              </div>
            );
          }}
        </ToolSurface>
      }
      controls={
        <Stack spacing={1}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Click the centre of each red eye.
          </Typography>
          <Typography id="pupil-size">Pupil Size</Typography>
          <Slider aria-labelledby="pupil-size" min={MARK_SIZE_MIN} max={MARK_SIZE_MAX} step={1} value={pupil} valueLabelDisplay="auto" onChange={(_, v) => setPupil(v as number)} />
          <Button variant="outlined" disabled={!marks.length} onClick={() => setMarks([])}>
            Reset
          </Button>
        </Stack>
      }
    />
  );
}
