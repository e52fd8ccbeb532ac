import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { VideoRef } from '../../api/index.ts';
import { CreatorFrame } from '../creator/index.ts';
import { EditableWorkspace } from './EditableWorkspace.tsx';
import { ReadOnlyGallery } from './ReadOnlyGallery.tsx';
import { useSlideList } from './useSlideList.ts';
import { VideoRefGate } from './VideoRefGate.tsx';

/** /creator/:videoAuthOrId/slides[/:slideId | /new_text]: the creator Slides step. */
export function SlidesPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <CreatorFrame videoAuthOrId={params.videoAuthOrId}>
      <VideoRefGate param={params.videoAuthOrId}>
        {(ref, link) => <SlideWorkspace key={String(ref)} videoRef={ref} pageRef={params.videoAuthOrId!} link={link} sub={params.slideId} />}
      </VideoRefGate>
    </CreatorFrame>
  );
}

function SlideWorkspace({ videoRef, pageRef, link, sub }: { videoRef: VideoRef; pageRef: string; link: boolean; sub: string | undefined }) {
  const store = useSlideList(videoRef);
  if (!store.loaded) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading slides" />
      </Box>
    );
  }
  if (!store.meta) {
    return (
      <Box sx={{ maxWidth: 1000, mx: 'auto', p: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void store.load()}>
              Retry
            </Button>
          }
        >
          {store.loadError ?? 'The slides could not be loaded.'}
        </Alert>
      </Box>
    );
  }
  if (store.meta.readOnly) return <ReadOnlyGallery slides={store.slides} />;
  return <EditableWorkspace videoRef={videoRef} pageRef={pageRef} link={link} store={store} meta={store.meta} sub={sub} />;
}
