import { Alert, Box, Button, CircularProgress, Container, Tab, Tabs } from '@mui/material';
import { NotFoundPage } from '../../app/fallback-pages.tsx';
import { ServerProblem, useMe } from '../../api/index.ts';
import { useVideoDetails } from './api.ts';
import { DetailsTab } from './DetailsTab.tsx';

/** /videos/:id/details: the video details page with its tabs (only those built so far). */
export function DetailsPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  if (!/^\d+$/.test(id)) return <NotFoundPage />;
  return <Details key={id} id={Number(id)} />;
}

function Details({ id }: { id: number }) {
  const { user } = useMe();
  const { video, error, reload } = useVideoDetails(id);
  if (error instanceof ServerProblem && error.status === 404) return <NotFoundPage />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 } }}>
      <Tabs value="details" aria-label="Video pages" sx={{ mb: { xs: 2, sm: 3 }, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="details" label="Video Details" id="video-tab-details" aria-controls="video-panel-details" />
      </Tabs>
      <Box role="tabpanel" id="video-panel-details" aria-labelledby="video-tab-details">
        {error ? (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={reload}>Retry</Button>}>
            {error.message}
          </Alert>
        ) : video ? (
          <DetailsTab video={video} admin={user?.role === 'super'} onRenderComplete={reload} />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
            <CircularProgress aria-label="Loading the video" />
          </Box>
        )}
      </Box>
    </Container>
  );
}
