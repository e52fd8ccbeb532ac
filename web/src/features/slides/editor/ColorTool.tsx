import { Button, Slider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { isPhoto } from '../order.ts';
import { COLOR_DEFAULTS, COLOR_SLIDERS, colorChanges, colorFilter, type ColorValues } from './color.ts';
import { sansUrl } from './sans.ts';
import { neighbours, type ToolProps } from './tool-props.ts';
import { ToolFrame } from './ToolFrame.tsx';
import { ToolSurface } from './ToolSurface.tsx';

/** /slides/{id}/color (spec 2 "Color dialog"): four sliders shown live, Reset, previous and next; saved on leaving. */
export function ColorTool({ slide, slides, working, edits, onClose, onGo }: ToolProps) {
  const saved: ColorValues = { brightness: slide.brightness, contrast: slide.contrast, saturation: slide.saturation, hue: slide.hue };
  const [draft, setDraft] = useState(saved);
  const { previous, next } = neighbours(slides, slide.id, isPhoto);

  /** Skipped when nothing changed or the slide is busy (spec 2 "Color tool"). */
  const leave = (then: () => void) => {
    const changes = colorChanges(saved, draft);
    if (changes && !working) void edits.save(slide.id, changes);
    then();
  };

  return (
    <ToolFrame
      id="color-tool"
      title="Color Correction"
      working={working}
      onDone={() => leave(onClose)}
      onPrevious={previous ? () => leave(() => onGo(previous.id)) : null}
      onNext={next ? () => leave(() => onGo(next.id)) : null}
      image={<ToolSurface src={sansUrl(slide, 'color')} alt={`Color correction of ${slide.origPath ?? 'photo'}`} imageStyle={{ filter: colorFilter(draft) }} />}
      controls={
        <Stack spacing={1}>
          {COLOR_SLIDERS.map(({ key, label, min, max }) => (
            <div key={key}>
              <Typography id={`color-${key}`} gutterBottom>
                {label}
              </Typography>
              <Slider
                aria-labelledby={`color-${key}`}
                min={min}
                max={max}
                step={1}
                value={draft[key]}
                valueLabelDisplay="auto"
                onChange={(_, value) => setDraft((d) => ({ ...d, [key]: value as number }))}
              />
            </div>
          ))}
          <Button variant="outlined" onClick={() => setDraft(COLOR_DEFAULTS)}>
            Reset
          </Button>
        </Stack>
      }
    />
  );
}
