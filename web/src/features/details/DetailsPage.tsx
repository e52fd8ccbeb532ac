import { Alert, Box, Button, CircularProgress, Container, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { NotFoundPage } from '../../app/fallback-pages.tsx';
import { ServerProblem, useMe } from '../../api/index.ts';
import { useVideoDetails, type VideoDetails } from './api.ts';
import { AdminOptions } from './admin/index.ts';
import { DetailsTab } from './DetailsTab.tsx';
import { DvdDownloadPrompt } from './DvdDownloadPrompt.tsx';
import { DVD_PROMPT } from './links.ts';
import { OrderHistoryTab } from './orders/OrderHistoryTab.tsx';
import { branded } from './rules.ts';
import { ExtrasTab } from './extras/index.ts';
import { ShareEmbedTab } from './share-embed/index.ts';
import { PrintLabelsTab } from './labels/index.ts';

/** What every tab is given. */
export interface DetailsTabContext {
  video: VideoDetails;
  /** A super user. */
  admin: boolean;
  /** Reads the video again (after a change a tab made, or a render that completed). */
  reload: () => void;
}

interface DetailsTabEntry {
  /** The value of ?tab= in the address; the first entry is the default and has no ?tab=. */
  value: string;
  label: string;
  visible: (context: DetailsTabContext) => boolean;
  render: (context: DetailsTabContext) => ReactNode;
}

const always = () => true;

/**
 * Spec 3 section 2.1: the tabs in the spec's order (Video Details, Share or Embed, Print Labels, Order History,
 * Extras). Each tab is one entry here: a tab built later is added as one more entry in its place.
 */
const TABS: DetailsTabEntry[] = [
  { value: 'details', label: 'Video Details', visible: always, render: ({ video, admin, reload }) => <DetailsTab video={video} admin={admin} onRenderComplete={reload} reload={reload} /> },
  { value: 'share', label: 'Share or Embed', visible: always, render: ({ video, admin, reload }) => <ShareEmbedTab video={video} admin={admin} reload={reload} /> },
  { value: 'labels', label: 'Print Labels', visible: always, render: ({ video, admin }) => <PrintLabelsTab video={video} admin={admin} /> },
  { value: 'orders', label: 'Order History', visible: ({ video }) => branded(video), render: ({ video, admin }) => <OrderHistoryTab video={video} admin={admin} /> },
  { value: 'extras', label: 'Extras', visible: always, render: ({ video, admin }) => <ExtrasTab video={video} admin={admin} adminSection={<AdminOptions video={video} />} /> },
];

/** /videos/:id/details: the video details page with its tabs; with ?prompt=dvd_download, only the DVD download prompt. */
export function DetailsPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  if (!/^\d+$/.test(id)) return <NotFoundPage />;
  return <Details key={id} id={Number(id)} />;
}

function Details({ id }: { id: number }) {
  const { user } = useMe();
  const { video, error, reload } = useVideoDetails(id);
  const [search, setSearch] = useSearchParams();
  if (error instanceof ServerProblem && error.status === 404) return <NotFoundPage />;
  const context = video ? { video, admin: user?.role === 'super', reload } : null;
  // The prompt-only mount (spec 3 section 2.1): the DVD download prompt alone, without the tabs.
  if (search.get('prompt') === DVD_PROMPT) {
    if (context) return <DvdDownloadPrompt {...context} />;
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 } }}>
        {error ? <LoadProblem message={error.message} retry={reload} /> : <Loading />}
      </Container>
    );
  }
  // Until the video is read only the first tab is known to be visible; an address naming a tab this video does
  // not have (Order History without branding, an old link) shows the first tab rather than an empty page.
  const tabs = context ? TABS.filter((tab) => tab.visible(context)) : TABS.slice(0, 1);
  const current = tabs.find((tab) => tab.value === search.get('tab')) ?? tabs[0];
  // Each tab is its own history entry so Back returns to the previous tab and a reload keeps the tab.
  const select = (value: string) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (value === TABS[0].value) next.delete('tab');
      else next.set('tab', value);
      return next;
    });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 } }}>
      <Tabs
        value={current.value}
        onChange={(_event, value: string) => select(value)}
        aria-label="Video pages"
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: { xs: 2, sm: 3 }, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} id={`video-tab-${tab.value}`} aria-controls={`video-panel-${tab.value}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`video-panel-${current.value}`} aria-labelledby={`video-tab-${current.value}`}>
        {error ? <LoadProblem message={error.message} retry={reload} /> : context ? current.render(context) : <Loading />}
      </Box>
    </Container>
  );
}

const LoadProblem = ({ message, retry }: { message: string; retry: () => void }) => (
  <Alert severity="error" action={<Button color="inherit" size="small" onClick={retry}>Retry</Button>}>
    {message}
  </Alert>
);

const Loading = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
    <CircularProgress aria-label="Loading the video" />
  </Box>
);
