import { RestoreFromTrash } from '@mui/icons-material';
import { Button, Snackbar, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { undeleteSlides, type VideoRef } from '../../api/index.ts';
import { VideoRefGate } from '../slides/index.ts';
import { SelectableGrid } from './SelectableGrid.tsx';
import { SlidePageFrame } from './SlidePageFrame.tsx';
import { useSlideSelection } from './useSlideSelection.ts';
import { useSlidesOf } from './useSlidesOf.ts';

/** /slides/rubbish_bin/:videoId: deleted slides, selected and restored (spec 2 More Tools, Restore Deleted). */
export function RubbishBinPage({ params }: { params: Record<string, string | undefined> }) {
  return <VideoRefGate param={params.videoId}>{(ref) => <RubbishBin key={String(ref)} videoRef={ref} pageRef={params.videoId!} />}</VideoRefGate>;
}

function RubbishBin({ videoRef, pageRef }: { videoRef: VideoRef; pageRef: string }) {
  const { slides, error, load } = useSlidesOf(videoRef, true);
  const order = useMemo(() => (slides ?? []).map((s) => s.id), [slides]);
  const { selection, selectedIds, onClick, onContextMenu, clear, clearOutside } = useSlideSelection(order);
  const [restoring, setRestoring] = useState(false);
  const [restored, setRestored] = useState(0);

  const restore = async () => {
    setRestoring(true);
    try {
      const reply = await undeleteSlides(videoRef, selectedIds);
      setRestored(reply.ids.length);
      clear();
      await load();
    } catch {
      // The API layer showed the error.
    } finally {
      setRestoring(false);
    }
  };

  return (
    <SlidePageFrame
      title="Restore Deleted Slides"
      backHref={`/creator/${pageRef}/slides`}
      loading={slides === null}
      error={error}
      onClick={clearOutside}
      actions={
        <Button variant="contained" startIcon={<RestoreFromTrash />} disabled={!selectedIds.length || restoring} onClick={() => void restore()}>
          {selectedIds.length > 1 ? `Restore ${selectedIds.length} Slides` : 'Restore'}
        </Button>
      }
    >
      {slides?.length ? (
        <>
          <Typography sx={{ mb: 2, color: 'text.secondary' }}>Select the slides to bring back; Ctrl or Shift adds more.</Typography>
          <SelectableGrid label="Deleted slides" slides={slides} selection={selection} onClick={onClick} onContextMenu={onContextMenu} />
        </>
      ) : (
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 8 }}>There are no deleted slides.</Typography>
      )}
      <Snackbar
        open={restored > 0}
        autoHideDuration={6000}
        onClose={() => setRestored(0)}
        message={restored === 1 ? 'Restored 1 slide.' : `Restored ${restored} slides.`}
      />
    </SlidePageFrame>
  );
}
