import { Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { SlideListMeta, VideoRef } from '../../../api/index.ts';
import { FrameBox, SlideFrame } from '../slide-view/SlideFrame.tsx';
import { DEFAULT_TEXT_SIZE, defaultTextBackground } from '../textSlide.ts';
import { TextSlideFace } from '../TextSlideFace.tsx';
import { useTextSlideDraft } from './useTextSlideDraft.ts';
import { useState } from 'react';
import { PreviousCaptionsDialog } from '../stock/PreviousCaptionsDialog.tsx';
import { StockTextDialog } from '../stock/StockTextDialog.tsx';
import { TEXT_SIZE_HINT, TEXT_SIZE_MAX, TEXT_SIZE_MIN } from '../../../../../common/text-size.ts';

interface Props {
  videoRef: VideoRef;
  meta: SlideListMeta;
  onSaved(): void;
  onClose(): void;
}

/** /slides/new_text (spec 2 "Text slide drawer"): the text, its size and background, previewed as typed. */
export function TextSlideDialog({ videoRef, meta, onSaved, onClose }: Props) {
  const options = meta.backgroundOptions;
  const { draft, slideId, saving, change, flush, sizeError } = useTextSlideDraft(
    videoRef,
    { caption: '', fontSize: String(DEFAULT_TEXT_SIZE), background: defaultTextBackground(options) },
    onSaved,
  );
  const close = () => {
    void flush();
    onClose();
  };
  const size = Number(draft.fontSize);
  const [library, setLibrary] = useState<'stock' | 'previous' | null>(null);
  return (
    <SlideFrame
      labelledBy="text-slide-title"
      onClose={close}
      image={
        <FrameBox>
          <TextSlideFace caption={draft.caption} fontSize={sizeError ? DEFAULT_TEXT_SIZE : size} background={draft.background} />
        </FrameBox>
      }
      drawer={
        <Stack spacing={2}>
          <Typography id="text-slide-title" variant="h2" component="h2">
            Text Slide
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" size="small" onClick={() => setLibrary('stock')}>
              Text Library
            </Button>
            <Button variant="outlined" size="small" onClick={() => setLibrary('previous')}>
              Reuse Text
            </Button>
          </Box>
          <StockTextDialog open={library === 'stock'} onClose={() => setLibrary(null)} onUse={(text) => change({ caption: text })} />
          <PreviousCaptionsDialog open={library === 'previous'} videoRef={videoRef} onClose={() => setLibrary(null)} onUse={(text) => change({ caption: text })} />
          <TextField label="Text" multiline rows={4} autoFocus value={draft.caption} onChange={(e) => change({ caption: e.target.value })} fullWidth />
          <TextField
            label="Text Size"
            type="number"
            value={draft.fontSize}
            onChange={(e) => change({ fontSize: e.target.value })}
            error={sizeError}
            helperText={sizeError ? TEXT_SIZE_HINT : undefined}
            slotProps={{ htmlInput: { min: TEXT_SIZE_MIN, max: TEXT_SIZE_MAX, step: 1 } }}
            fullWidth
          />
          <TextField select label="Text Background" value={draft.background} onChange={(e) => change({ background: Number(e.target.value) })} fullWidth>
            {options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {slideId === null ? 'The slide is added to the end of your slides as soon as you type.' : 'Saved automatically.'}
          </Typography>
        </Stack>
      }
      actions={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          {saving && <CircularProgress size={24} aria-label="Saving" />}
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        </Box>
      }
    />
  );
}
