import { Button, Slider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { isPhoto } from '../order.ts';
import { sansUrl } from './sans.ts';
import { neighbours, type ToolProps } from './tool-props.ts';
import { ToolFrame } from './ToolFrame.tsx';
import { ToolSurface } from './ToolSurface.tsx';

export const STRAIGHTEN_LIMIT = 45;

/**
 * How much a picture turned by `degrees` must grow so its frame shows no empty corners: the server keeps the
 * largest rectangle of the photo's own shape inside the turned picture, and this shows the same part.
 */
export function straightenZoom(degrees: number, width: number, height: number): number {
  const rad = (Math.abs(degrees) * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return Math.max((width * cos + height * sin) / width, (width * sin + height * cos) / height);
}

/** The CSS turn that shows the photo straightened by `degrees`, zoomed so its box has no empty corners. */
export function straightenTransform(degrees: number, width: number, height: number): string | undefined {
  const angle = Math.abs(degrees) <= STRAIGHTEN_LIMIT ? degrees : 0;
  return angle ? `rotate(${angle}deg) scale(${straightenZoom(angle, width, height)})` : undefined;
}

/** /slides/{id}/straighten (spec 2 "Straighten dialog"): -45 to 45 in steps of 1, Reset to 0; saved on close or on navigating. */
export function StraightenTool({ slide, slides, working, edits, onClose, onGo }: ToolProps) {
  const [angle, setAngle] = useState(Math.abs(slide.straighten) <= STRAIGHTEN_LIMIT ? slide.straighten : 0);
  const [size, setSize] = useState({ width: 1, height: 1 });
  const { previous, next } = neighbours(slides, slide.id, isPhoto);

  const leave = (then: () => void) => {
    if (angle !== slide.straighten && !working) void edits.save(slide.id, { straighten: angle });
    then();
  };

  return (
    <ToolFrame
      id="straighten-tool"
      title="Straighten"
      working={working}
      onDone={() => leave(onClose)}
      onPrevious={previous ? () => leave(() => onGo(previous.id)) : null}
      onNext={next ? () => leave(() => onGo(next.id)) : null}
      image={
        <ToolSurface
          src={sansUrl(slide, 'straighten')}
          alt={`Straighten ${slide.origPath ?? 'photo'}`}
          onNatural={setSize}
          clip
          imageStyle={{ transform: straightenTransform(angle, size.width, size.height) }}
        >
          {(shown) => (
            // The frame the video shows: the turned picture is cut to it, with a grid to line things up against.
            <div
              aria-hidden
              style={{
                position: 'absolute',
                left: shown.left,
                top: shown.top,
                width: shown.width,
                height: shown.height,
                outline: '2px solid #fff',
                backgroundImage: 'linear-gradient(rgba(255,255,255,0.35) 1px, transparent 1px), linear-gradient(90deg, rgba(255,255,255,0.35) 1px, transparent 1px)',
                backgroundSize: `${shown.width / 6}px ${shown.height / 6}px`,
                pointerEvents: 'none',
              }}
            />
          )}
        </ToolSurface>
      }
      controls={
        <Stack spacing={1}>
          <Typography id="straighten-angle">Angle: {angle}°</Typography>
          <Slider aria-labelledby="straighten-angle" min={-STRAIGHTEN_LIMIT} max={STRAIGHTEN_LIMIT} step={1} marks={[{ value: 0 }]} value={angle} valueLabelDisplay="auto" onChange={(_, v) => setAngle(v as number)} />
          <Button variant="outlined" onClick={() => setAngle(0)}>
            Reset
          </Button>
        </Stack>
      }
    />
  );
}
