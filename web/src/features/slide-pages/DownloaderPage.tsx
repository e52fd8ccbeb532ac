import { DownloadOutlined } from '@mui/icons-material';
import { Alert, Button, Snackbar, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { zipDownloadUrl, type VideoRef } from '../../api/index.ts';
import { VideoRefGate } from '../slides/index.ts';
import { SelectableGrid } from './SelectableGrid.tsx';
import { SlidePageFrame } from './SlidePageFrame.tsx';
import { useSlideSelection } from './useSlideSelection.ts';
import { useSlidesOf } from './useSlidesOf.ts';

export const SELECT_FIRST = 'You must select slides first';

/** /slides/downloader/:videoId/: the slides' original files, all or a selection, as a zip (spec 1 section 4). */
export function DownloaderPage({ params }: { params: Record<string, string | undefined> }) {
  return <VideoRefGate param={params.videoId}>{(ref) => <Downloader key={String(ref)} videoRef={ref} pageRef={params.videoId!} />}</VideoRefGate>;
}

function Downloader({ videoRef, pageRef }: { videoRef: VideoRef; pageRef: string }) {
  const { slides, error } = useSlidesOf(videoRef, false);
  // Text slides have no file to download.
  const files = useMemo(() => (slides ?? []).filter((s) => !s.isText && s.origPath), [slides]);
  const order = useMemo(() => files.map((s) => s.id), [files]);
  const { selection, selectedIds, onClick, onContextMenu, clearOutside } = useSlideSelection(order);
  const [warning, setWarning] = useState(false);
  const none = selectedIds.length === 0;

  const downloadSelected = () => {
    if (none) return setWarning(true);
    window.location.assign(zipDownloadUrl(videoRef, selectedIds));
  };

  return (
    <SlidePageFrame
      title="Download Slides"
      backHref={`/creator/${pageRef}/slides`}
      loading={slides === null}
      error={error}
      onClick={clearOutside}
      actions={
        <>
          <Button variant="outlined" startIcon={<DownloadOutlined />} component="a" href={zipDownloadUrl(videoRef)} disabled={!files.length}>
            Download All
          </Button>
          {/* Looks disabled with nothing selected but still answers a press with what to do. */}
          <Button
            variant="contained"
            startIcon={<DownloadOutlined />}
            aria-disabled={none}
            onClick={downloadSelected}
            sx={none ? { bgcolor: 'action.disabledBackground', color: 'action.disabled', '&:hover': { bgcolor: 'action.disabledBackground' } } : undefined}
          >
            Download Selected
          </Button>
        </>
      }
    >
      {files.length ? (
        <>
          <Typography sx={{ mb: 2, color: 'text.secondary' }}>Click a slide to select it; Ctrl or Shift selects more.</Typography>
          <SelectableGrid label="Slides to download" slides={files} selection={selection} onClick={onClick} onContextMenu={onContextMenu} />
        </>
      ) : (
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 8 }}>This video has no photos or video clips to download yet.</Typography>
      )}
      <Snackbar open={warning} autoHideDuration={6000} onClose={() => setWarning(false)}>
        <Alert severity="warning" variant="filled" onClose={() => setWarning(false)} sx={{ width: '100%' }}>
          {SELECT_FIRST}
        </Alert>
      </Snackbar>
    </SlidePageFrame>
  );
}
