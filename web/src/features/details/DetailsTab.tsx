import { Album, HelpOutlined, LiveTv, LocalShipping } from '@mui/icons-material';
import { Box, Button, CircularProgress, Paper } from '@mui/material';
import { useState } from 'react';
import { Link } from 'wouter';
import { COMPLETE_TEXT, useVideoGeneration } from '../generation/index.ts';
import { PreviewDialog } from '../preview/index.ts';
import type { VideoDetails } from './api.ts';
import { AdminDetails } from './admin/index.ts';
import { useBurnTools } from '../burn/useBurnTools.ts';
import type { Readiness } from '../burn/versions.ts';
import { burnSupport } from '../burn/install/burn-compat.ts';
import { BurnInstallDialog } from '../burn/install/BurnInstallDialog.tsx';
import { DownloadDvdButton } from './DownloadDvdButton.tsx';
import { DownloadHdButton } from './DownloadHdButton.tsx';
import { useDiscPath } from './useDiscPath.ts';
import { BURNING_HELP_URL, hardCopiesPath } from './links.ts';
import { branded, canSendToTv } from './rules.ts';
import { SendToTvDialog } from './SendToTvDialog.tsx';
import { SilkWidget } from './silks/SilkWidget.tsx';
import { VideoCard } from './VideoCard.tsx';
import { ViewVideoDialog } from './ViewVideoDialog.tsx';

interface Props {
  video: VideoDetails;
  admin: boolean;
  /** Called once when a render that was running on this page completes. */
  onRenderComplete?: () => void;
  /** Reads the video again (after the admin table changed it). */
  reload?: () => void;
}

const noop = () => undefined;

/** The cover, linked to the tribute page when the video has one. */
function Cover({ video }: { video: VideoDetails }) {
  const image = (
    <Box
      component="img"
      src={video.urls.coverBig}
      alt={`Cover of ${video.title || 'the video'}`}
      sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', bgcolor: 'grey.200' }}
    />
  );
  return (
    <Paper variant="outlined" sx={{ gridArea: 'cover', overflow: 'hidden', alignSelf: 'start' }}>
      {video.urls.tribute ? (
        <Box component="a" href={video.urls.tribute} sx={{ display: 'block', '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: -3 } }}>
          {image}
        </Box>
      ) : (
        image
      )}
    </Paper>
  );
}

/** Spec 3 section 2.2, the Video Details tab: cover, video card, action bar, and below them the admin details. */
export function DetailsTab({ video, admin, onRenderComplete, reload }: Props) {
  const status = useVideoGeneration(video, { admin, onComplete: onRenderComplete });
  useDiscPath(video, onRenderComplete ?? noop);
  const ready = status.kind === 'text' && status.text === COMPLETE_TEXT;
  const [viewing, setViewing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [sendingToTv, setSendingToTv] = useState(false);
  const [installing, setInstalling] = useState(false);
  const [installProblem, setInstallProblem] = useState<Readiness | null>(null);
  const [opening, setOpening] = useState(false);
  const brand = branded(video);
  // Spec 3 section 6: the burn tool is offered only where it runs; where only the system or browser is too old,
  // Burn DVD opens the dialog saying what to upgrade.
  const support = burnSupport(navigator.userAgent);
  const browser = support.kind === 'ok' ? support.browser : null;
  const tools = useBurnTools(brand && browser !== null && !video.deleted);
  // Burn DVD: a new enough extension and a helper (an old one is updated by the window) open the burn window;
  // anything missing opens the install dialog, saying what is missing.
  const burn = async () => {
    if (support.kind === 'upgrade') {
      setInstalling(true);
      return;
    }
    setOpening(true);
    try {
      const result = await tools.openWindow(video.id, false);
      if (!result.opened) {
        setInstallProblem(result.readiness);
        setInstalling(true);
      }
    } catch {
      setInstallProblem(null);
      setInstalling(true);
    } finally {
      setOpening(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
          gridTemplateRows: { md: 'auto 1fr' },
          gridTemplateAreas: { xs: '"cover" "card" "actions"', md: '"cover card" "actions card"' },
        }}
      >
        <Cover video={video} />
        <VideoCard video={video} status={status} admin={admin} ready={ready} onView={() => setViewing(true)} onLastPreview={() => setPreviewing(true)} />
        <Box component="section" aria-label="Actions" sx={{ gridArea: 'actions', display: 'flex', flexWrap: 'wrap', alignContent: 'start', gap: 1.5 }}>
          {brand && !video.deleted && (
            <Button component={Link} href={hardCopiesPath(video.videoCode)} variant="outlined" startIcon={<LocalShipping />}>
              Order Hard Copies
            </Button>
          )}
          {brand && canSendToTv(video.silks.length, admin) && (
            <Button variant="outlined" startIcon={<LiveTv />} onClick={() => setSendingToTv(true)}>
              Send to TV
            </Button>
          )}
          <DownloadHdButton videoId={video.id} videoCode={video.videoCode} hdSize={video.hdSize} ready={ready && !video.deleted} />
          <DownloadDvdButton videoId={video.id} videoCode={video.videoCode} isoSize={video.isoSize} ready={ready && !video.deleted} />
          {brand && support.kind !== 'unsupported' && (
            <Button
              variant="outlined"
              startIcon={opening ? <CircularProgress size={18} color="inherit" aria-hidden /> : <Album />}
              onClick={opening ? undefined : () => void burn()}
              aria-busy={opening || undefined}
              disabled={video.deleted}
              data-testid="burn-dvd"
            >
              Burn DVD
            </Button>
          )}
          {brand && (
            <Button href={BURNING_HELP_URL} target="_blank" rel="noopener" startIcon={<HelpOutlined />}>
              Burning Help
            </Button>
          )}
          {/* Spec 1 section 2.13's mount point silk_widget: the Direct Delivery devices, below the actions. */}
          <SilkWidget videoId={video.id} admin={admin} />
        </Box>
      </Box>
      {admin && reload && <AdminDetails video={video} reload={reload} />}
      <ViewVideoDialog open={viewing} title={video.title} videoCode={video.videoCode} onClose={() => setViewing(false)} />
      {admin && <PreviewDialog open={previewing} video={video.id} onClose={() => setPreviewing(false)} />}
      <SendToTvDialog open={sendingToTv} onClose={() => setSendingToTv(false)} />
      <BurnInstallDialog
        open={installing}
        browser={support.kind === 'unsupported' ? null : support.browser}
        system={support.kind === 'unsupported' ? null : support.system}
        admin={admin}
        problem={installProblem}
        upgrade={support.kind === 'upgrade' ? support.message : null}
        onClose={() => setInstalling(false)}
      />
    </Box>
  );
}
