import { AlbumOutlined, BugReportOutlined, FolderOpenOutlined, ImageOutlined, SettingsRemoteOutlined } from '@mui/icons-material';
import { Box, Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'wouter';
import type { VideoDetails } from '../api.ts';
import { BurnInstallDialog } from '../../burn/install/BurnInstallDialog.tsx';
import { burnBrowser } from '../../burn/install/burn-compat.ts';
import { coverPhotoUrl, debugUrl, enqueueJob, notifySilks, resourcesPageUrl, RESUBMIT_JOBS, type ResubmitJob } from './api.ts';

interface Outcome {
  ok: boolean;
  text: string;
}

type Action = ResubmitJob | 'silks';

const failure = (err: unknown): Outcome => ({ ok: false, text: err instanceof Error ? err.message : 'Unknown error' });

/** Spec 3 section 6 "Other Options" (Extras tab, super users): files, debugging, devices and resubmitted jobs. */
export function AdminOptions({ video }: { video: Pick<VideoDetails, 'id'> }) {
  const [running, setRunning] = useState<Set<Action>>(new Set());
  const [outcomes, setOutcomes] = useState<Partial<Record<Action, Outcome>>>({});
  // Spec 3 section 6: admins may look at the install dialog from any system, as staff on Windows would meet it.
  const [previewingInstall, setPreviewingInstall] = useState(false);

  const run = async (action: Action, work: () => Promise<Outcome>) => {
    if (running.has(action)) return;
    setRunning((previous) => new Set(previous).add(action));
    const outcome = await work().catch(failure);
    setOutcomes((previous) => ({ ...previous, [action]: outcome }));
    setRunning((previous) => {
      const next = new Set(previous);
      next.delete(action);
      return next;
    });
  };

  const resubmit = (job: ResubmitJob, label: string) =>
    run(job, async () => {
      const reply = await enqueueJob(video.id, job);
      return { ok: true, text: reply.message || `${label}: submitted.` };
    });

  const outcomeLine = (action: Action) => {
    const outcome = outcomes[action];
    if (!outcome) return null;
    return (
      <Typography variant="body2" color={outcome.ok ? 'success.main' : 'error'} role="status" sx={{ overflowWrap: 'anywhere', mt: action === 'silks' ? 1 : 0 }}>
        {outcome.text}
      </Typography>
    );
  };

  return (
    <Card variant="outlined" component="section" aria-label="Other Options">
      <CardHeader title="Other Options" subheader="Admin" slotProps={{ title: { variant: 'h2', sx: { fontSize: '1.25rem' } } }} sx={{ pb: 0 }} />
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="outlined" startIcon={<ImageOutlined />} href={coverPhotoUrl(video.id)} download>
            Download Cover Photo
          </Button>
          <Button variant="outlined" startIcon={<FolderOpenOutlined />} component={Link} href={resourcesPageUrl(video.id)}>
            Resources
          </Button>
          <Button variant="outlined" startIcon={<BugReportOutlined />} href={debugUrl(video.id)} target="_blank" rel="noopener">
            Debug Generation
          </Button>
          <Button
            variant="outlined"
            startIcon={<SettingsRemoteOutlined />}
            disabled={running.has('silks')}
            onClick={() =>
              void run('silks', async () => {
                const { notified } = await notifySilks(video.id);
                return { ok: true, text: notified ? `Notified ${notified} direct delivery device${notified === 1 ? '' : 's'}.` : 'This video has no direct delivery devices to notify.' };
              })
            }
          >
            Notify Silk Devices
          </Button>
          <Button variant="outlined" startIcon={<AlbumOutlined />} onClick={() => setPreviewingInstall(true)}>
            Preview Install Dialog
          </Button>
        </Box>
        <BurnInstallDialog open={previewingInstall} browser={burnBrowser(navigator.userAgent)} admin onClose={() => setPreviewingInstall(false)} />
        {outcomeLine('silks')}
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mt: 3, mb: 1 }}>
          Resubmit Jobs
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {RESUBMIT_JOBS.map(({ job, label }) => (
            <Box component="li" key={job} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Button variant="outlined" size="small" sx={{ minWidth: 170 }} disabled={running.has(job)} onClick={() => void resubmit(job, label)}>
                {label}
              </Button>
              {outcomeLine(job)}
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
