import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import type { VideoRef } from '../../api/index.ts';
import { CreatorFrame, useCreatorContext } from '../creator/index.ts';
import { creatorPaths, type EditorPaths } from './editor/paths.ts';
import { EditableWorkspace } from './EditableWorkspace.tsx';
import { ReadOnlyGallery } from './ReadOnlyGallery.tsx';
import { useSlideList } from './useSlideList.ts';
import { VideoRefGate } from './VideoRefGate.tsx';

/**
 * /creator/:videoAuthOrId/slides[/:slideId[/:tool] | /new_text]: the creator Slides step. The short editor address
 * /slides/{id}[/{tool}] shows the same page for the slide's video with its own `paths`.
 */
export function SlidesPage({ params, paths }: { params: Record<string, string | undefined>; paths?: EditorPaths }) {
  return (
    <CreatorFrame videoAuthOrId={params.videoAuthOrId}>
      <VideoRefGate param={params.videoAuthOrId}>
        {(ref, link) => (
          <SlideWorkspace
            key={String(ref)}
            videoRef={ref}
            pageRef={params.videoAuthOrId!}
            link={link}
            sub={params.slideId}
            tool={params.tool}
            paths={paths ?? creatorPaths(params.videoAuthOrId!)}
          />
        )}
      </VideoRefGate>
    </CreatorFrame>
  );
}

interface WorkspaceProps {
  videoRef: VideoRef;
  pageRef: string;
  link: boolean;
  sub: string | undefined;
  tool: string | undefined;
  paths: EditorPaths;
}

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label="Loading slides" />
    </Box>
  );
}

/**
 * Waits for the creator props, which say whether the video is read-only: a read-only video's list is asked without
 * metadata and opens no live socket (spec 2). A video reopened for edits remounts the workspace, which then asks it.
 */
function SlideWorkspace(props: WorkspaceProps) {
  const creator = useCreatorContext();
  if (!creator.loaded && !creator.error) return <Loading />;
  const readOnly = Boolean(creator.loaded && creator.props?.readOnly);
  return <LoadedWorkspace key={readOnly ? 'read-only' : 'editable'} {...props} readOnly={readOnly} />;
}

function LoadedWorkspace({ videoRef, pageRef, link, sub, tool, paths, readOnly }: WorkspaceProps & { readOnly: boolean }) {
  const store = useSlideList(videoRef, { readOnly });
  if (!store.loaded) return <Loading />;
  if (store.closed !== null) return <LinkClosed message={store.closed} />;
  if (readOnly && !store.loadError) return <ReadOnlyGallery slides={store.slides} />;
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
  return <EditableWorkspace videoRef={videoRef} pageRef={pageRef} link={link} store={store} meta={store.meta} sub={sub} tool={tool} paths={paths} />;
}

/** The family link was turned off or the family finished: no tools and no uploads, only what to do next. */
function LinkClosed({ message }: { message: string }) {
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto', p: 2 }} data-testid="link-closed">
      <Alert severity="info" role="status">
        <Typography component="h1" sx={{ fontWeight: 600, fontSize: '1.1rem', mb: 0.5 }}>
          This upload link is closed
        </Typography>
        {message} Slides can no longer be added or changed here.
      </Alert>
    </Box>
  );
}
