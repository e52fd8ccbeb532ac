import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Slider, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import type { Slide } from '../../../api/index.ts';
import type { SlideEdits } from './useSlideEdits.ts';
import { clockText, trimErrors } from './video-fields.ts';

const SAVE_DELAY_MS = 600;

/**
 * Spec 2 "Trimming dialog": where the clip starts and ends, with the frame at the thumb being moved shown above.
 * Values are sent a moment after the last change, only while neither field has an error.
 */
export function TrimDialog({ slide, edits, onClose }: { slide: Slide; edits: SlideEdits; onClose(): void }) {
  const duration = slide.clipDuration ?? null;
  const [start, setStart] = useState(String(slide.clipStart ?? 0));
  const [end, setEnd] = useState(String(slide.clipEnd ?? duration ?? 0));
  const video = useRef<HTMLVideoElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const errors = trimErrors(Number(start), Number(end), duration);
  const ok = !errors.start && !errors.end && start.trim() !== '' && end.trim() !== '';

  const seek = (seconds: number) => {
    if (video.current && Number.isFinite(seconds)) video.current.currentTime = seconds;
  };

  useEffect(() => {
    window.clearTimeout(timer.current);
    const s = Number(start);
    const e = Number(end);
    if (!ok || (s === (slide.clipStart ?? 0) && e === (slide.clipEnd ?? duration))) return;
    timer.current = window.setTimeout(() => void edits.save(slide.id, { clipStart: s, clipEnd: e }), SAVE_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [start, end, ok, slide.id, slide.clipStart, slide.clipEnd, duration, edits]);

  return (
    <Dialog open onClose={onClose} aria-labelledby="trim-title" maxWidth="sm" fullWidth>
      <DialogTitle id="trim-title">Trimming</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Box component="video" ref={video} src={slide.videoUrl ?? undefined} muted playsInline preload="auto" aria-label="Frame at the chosen time" sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: '#000' }} />
          {duration !== null && (
            <Slider
              aria-label="Start and end"
              getAriaLabel={(i) => (i === 0 ? 'Start' : 'End')}
              min={0}
              max={duration}
              step={0.1}
              value={[Number(start) || 0, Number(end) || 0]}
              valueLabelDisplay="auto"
              valueLabelFormat={clockText}
              onChange={(_, v, thumb) => {
                const [s, e] = v as number[];
                setStart(String(s));
                setEnd(String(e));
                seek(thumb === 0 ? s : e);
              }}
            />
          )}
          <Stack direction="row" spacing={2}>
            <TextField label="Start" type="number" value={start} onChange={(e) => (setStart(e.target.value), seek(Number(e.target.value)))} error={!!errors.start} helperText={errors.start ?? 'seconds'} slotProps={{ htmlInput: { min: 0, step: 0.1 } }} />
            <TextField label="End" type="number" value={end} onChange={(e) => (setEnd(e.target.value), seek(Number(e.target.value)))} error={!!errors.end} helperText={errors.end ?? 'seconds'} slotProps={{ htmlInput: { min: 0, step: 0.1 } }} />
          </Stack>
          {duration !== null && <Typography variant="body2" sx={{ color: 'text.secondary' }}>The clip is {clockText(duration)} long.</Typography>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
