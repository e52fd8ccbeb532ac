import { Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import type { SlideListMeta, VideoRef } from '../../../api/index.ts';
import { PreviewDialog } from '../../preview/index.ts';
import { slideTimeLabel } from '../editor/slide-time.ts';
import { SlideTimeDialog } from '../editor/SlideTimeDialog.tsx';
import { TextDrawer } from '../editor/TextDrawer.tsx';
import { ChooserDialog } from '../look/ChooserDialog.tsx';
import { DrawerChoosers } from '../look/DrawerChoosers.tsx';
import { FrameBox, SlideFrame } from '../slide-view/SlideFrame.tsx';
import { DEFAULT_TEXT_SIZE, defaultTextBackground } from '../textSlide.ts';
import { TextSlideFace } from '../TextSlideFace.tsx';
import { useTextSlideDraft } from './useTextSlideDraft.ts';

interface Props {
  videoRef: VideoRef;
  meta: SlideListMeta;
  onSaved(): void;
  /** Whether the saved slide can be deleted now (it is in the workspace's list and free). */
  canDelete(id: number): boolean;
  onDelete(id: number): void;
  onClose(): void;
}

const TRANSITION_ONLY = ['transition'] as const;

/** /new_text (spec 2 "Text slide drawer"): the new slide's drawer, previewed as typed, saved as soon as something changes. */
export function TextSlideDialog({ videoRef, meta, onSaved, canDelete, onDelete, onClose }: Props) {
  const { draft, slideId, saving, change, flush, ensureSaved, discard, sizeError } = useTextSlideDraft(
    videoRef,
    {
      caption: '',
      fontSize: String(DEFAULT_TEXT_SIZE),
      font: 'Quicksand-Bold.ttf',
      background: defaultTextBackground(meta.backgroundOptions),
      transitionId: 0,
      slideTime: null,
      userSetSlideTime: false,
    },
    onSaved,
  );
  const [dialog, setDialog] = useState<'slideTime' | 'preview' | null>(null);
  const close = () => {
    void flush();
    onClose();
  };
  const remove = () => {
    if (slideId === null) return;
    discard();
    onDelete(slideId);
    onClose();
  };
  // The preview starts at this slide, so it is saved first (created if nothing was typed yet).
  const preview = async () => {
    if ((await ensureSaved()) !== null) setDialog('preview');
  };
  const size = Number(draft.fontSize);
  return (
    <>
      <SlideFrame
        labelledBy="text-slide-title"
        onClose={close}
        image={
          <FrameBox>
            <TextSlideFace caption={draft.caption} fontSize={sizeError ? DEFAULT_TEXT_SIZE : size} background={draft.background} />
          </FrameBox>
        }
        drawer={
          <TextDrawer
            videoRef={videoRef}
            meta={meta}
            titleId="text-slide-title"
            draft={draft}
            sizeError={sizeError}
            onChange={change}
            canDelete={slideId !== null && canDelete(slideId)}
            onDelete={remove}
            onPreview={() => void preview()}
            slideTime={{ label: slideTimeLabel(draft.slideTime, draft.userSetSlideTime), disabled: false, onOpen: () => setDialog('slideTime') }}
            choosers={
              <DrawerChoosers
                kinds={TRANSITION_ONLY}
                meta={meta}
                current={() => draft.transitionId}
                dialog={(type, closeChooser) => (
                  // Not saved yet, the slide keeps its choice here and sends it with its first save (spec 2 "Chooser").
                  <ChooserDialog type={type} meta={meta} initial={draft.transitionId} onSave={async (id) => change({ transitionId: id })} onClose={closeChooser} />
                )}
              />
            }
            autoFocus
            note={slideId === null ? 'The slide is added to the end of your slides as soon as you type.' : 'Saved automatically.'}
          />
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
      {dialog === 'slideTime' && <SlideTimeDialog value={draft} onSave={(time) => change(time)} onClose={() => setDialog(null)} />}
      {dialog === 'preview' && slideId !== null && <PreviewDialog open video={videoRef} node={slideId} onClose={() => setDialog(null)} />}
    </>
  );
}
