import { Download, MusicNote, PhotoLibrary, PlayCircle, Slideshow } from '@mui/icons-material';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { VideoDetails } from '../api.ts';
import { galleryPath, photosDownloaderPath, snapshotUrl } from './api.ts';
import { PlayForServiceDialog } from './PlayForServiceDialog.tsx';
import { SongsDialog } from './SongsDialog.tsx';

interface Props {
  video: VideoDetails;
  admin: boolean;
  /** The admin section of spec 3 section 6, shown under the extras for super users. */
  adminSection?: ReactNode;
}

function Extra({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
          {icon}
        </Box>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {title}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        {text}
      </Typography>
      <Box>{action}</Box>
    </Paper>
  );
}

/** Spec 3 section 2.3, the Extras tab: play for a service, the photos, the songs and a still of the video. */
export function ExtrasTab({ video, admin, adminSection }: Props) {
  const [playing, setPlaying] = useState(false);
  const [songsOpen, setSongsOpen] = useState(false);
  // The finished HD file is what plays and what the snapshot is taken from.
  const rendered = video.finished && !video.deleted;
  const notYet = rendered ? undefined : 'Ready once the video has been made.';
  return (
    <Stack spacing={{ xs: 2, md: 3 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <Extra
          icon={<PlayCircle />}
          title="Play for Service"
          text={notYet ?? 'Plays the HD video on the whole screen, for a projector or TV at the service. Press Esc to leave.'}
          action={
            <Button variant="contained" startIcon={<PlayCircle />} disabled={!rendered} onClick={() => setPlaying(true)}>
              Play for Service
            </Button>
          }
        />
        <Extra
          icon={<PhotoLibrary />}
          title="View Photos"
          text="Every photo and clip of the video; click one to see it large."
          action={
            <Button variant="outlined" startIcon={<Slideshow />} component={Link} href={galleryPath(video.id)}>
              View Photos
            </Button>
          }
        />
        <Extra
          icon={<Download />}
          title="Download Photos"
          text="The original photo and clip files, all of them or the ones you choose, as a zip file."
          action={
            <Button variant="outlined" startIcon={<Download />} component={Link} href={photosDownloaderPath(video.id)}>
              Download Photos
            </Button>
          }
        />
        <Extra
          icon={<MusicNote />}
          title="View Songs"
          text="The songs of the video in order, with their lengths and a preview to listen to."
          action={
            <Button variant="outlined" startIcon={<MusicNote />} onClick={() => setSongsOpen(true)}>
              View Songs
            </Button>
          }
        />
        <Extra
          icon={<Download />}
          title="Download Snapshot"
          text={notYet ?? 'A still picture of the video as a JPEG file.'}
          action={
            <Button variant="outlined" startIcon={<Download />} component="a" href={snapshotUrl(video.id)} download disabled={!rendered}>
              Download Snapshot
            </Button>
          }
        />
      </Box>
      {admin && adminSection}
      {playing && <PlayForServiceDialog videoCode={video.videoCode} title={video.title} onClose={() => setPlaying(false)} />}
      {songsOpen && <SongsDialog videoId={video.id} onClose={() => setSongsOpen(false)} />}
    </Stack>
  );
}
