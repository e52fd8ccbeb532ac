import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import type { Slide } from '../../../api/index.ts';
import { FontPicker } from './FontPicker.tsx';
import type { SlideChanges, SlideEdits } from './useSlideEdits.ts';

/** Spec 2 section 3: captions default to Gentium Basic Italic. */
export const CAPTION_FONT = 'Gentium-Basic-Italic.ttf';

/** The fields a caption edit changed, or null when nothing changed. */
export function captionChanges(slide: Pick<Slide, 'slideCaption' | 'font' | 'captionPosition' | 'captionRemoveBackdrop'>, draft: CaptionDraft): SlideChanges | null {
  const changes: SlideChanges = {};
  if (draft.slideCaption !== slide.slideCaption) changes.slideCaption = draft.slideCaption;
  if (draft.font !== (slide.font ?? CAPTION_FONT)) changes.font = draft.font;
  if (draft.captionPosition !== slide.captionPosition) changes.captionPosition = draft.captionPosition;
  if (draft.captionRemoveBackdrop !== slide.captionRemoveBackdrop) changes.captionRemoveBackdrop = draft.captionRemoveBackdrop;
  return Object.keys(changes).length ? changes : null;
}

export interface CaptionDraft {
  slideCaption: string;
  font: string;
  captionPosition: '1' | '2';
  captionRemoveBackdrop: boolean;
}

/** Spec 2 "Caption dialog" (t on the slide page): text, font, Top or Bottom, 'Hide Backdrop'; closing saves. */
export function CaptionDialog({ slide, edits, onClose }: { slide: Slide; edits: SlideEdits; onClose(): void }) {
  const [draft, setDraft] = useState<CaptionDraft>({
    slideCaption: slide.slideCaption,
    font: slide.font ?? CAPTION_FONT,
    captionPosition: slide.captionPosition,
    captionRemoveBackdrop: slide.captionRemoveBackdrop,
  });
  const close = () => {
    const changes = captionChanges(slide, draft);
    if (changes) void edits.save(slide.id, changes);
    onClose();
  };
  return (
    <Dialog open onClose={close} aria-labelledby="caption-title" maxWidth="sm" fullWidth>
      <DialogTitle id="caption-title">Caption</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Text" multiline minRows={2} autoFocus value={draft.slideCaption} onChange={(e) => setDraft({ ...draft, slideCaption: e.target.value })} fullWidth />
          <FontPicker value={draft.font} fallback={CAPTION_FONT} onChange={(font) => setDraft({ ...draft, font })} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography id="caption-position-label">Position</Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              aria-labelledby="caption-position-label"
              value={draft.captionPosition}
              onChange={(_, value: '1' | '2' | null) => value && setDraft({ ...draft, captionPosition: value })}
            >
              <ToggleButton value="1">Top</ToggleButton>
              <ToggleButton value="2">Bottom</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          <FormControlLabel
            control={<Switch checked={draft.captionRemoveBackdrop} onChange={(e) => setDraft({ ...draft, captionRemoveBackdrop: e.target.checked })} />}
            label="Hide Backdrop"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
