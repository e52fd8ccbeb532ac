import { DeleteOutlined, RestoreFromTrash } from '@mui/icons-material';
import { Box, Button, Card, CardContent, CardHeader, Chip, Link as MuiLink, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../ui/index.ts';
import { refreshActivityLogs } from '../../activity-logs/index.ts';
import type { VideoDetails } from '../api.ts';
import { deleteVideoAsAdmin, restoreVideo } from './api.ts';
import { jobText, webVideoText } from './job-text.ts';
import { LengthOverrideSwitch, showsOverride } from './LengthOverrideSwitch.tsx';
import { ObituaryWidget } from './ObituaryWidget.tsx';
import { RecentActivity } from './RecentActivity.tsx';

interface Props {
  video: VideoDetails;
  /** Reads the video again after a change made here. */
  reload: () => void;
}

const when = (iso: string | null): string => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Not yet');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableRow sx={{ display: { xs: 'flex', sm: 'table-row' }, flexDirection: 'column', '&:last-child > *': { borderBottom: 0 } }}>
      <TableCell component="th" scope="row" sx={{ fontWeight: 600, color: 'text.secondary', width: { sm: 190 }, verticalAlign: 'top', borderBottom: { xs: 0, sm: 1 }, borderColor: { sm: 'divider' }, pb: { xs: 0, sm: 1 } }}>
        {label}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere', verticalAlign: 'top', pt: { xs: 0.5, sm: 1 } }}>{children}</TableCell>
    </TableRow>
  );
}

const none = (
  <Typography component="span" variant="body2" color="text.secondary">
    None
  </Typography>
);

/** A name linked to its administration page (urls.editVideoOrg, editUser, editUserOrg), or plain when there is none. */
function AdminLink({ href, label, testId }: { href: string | null; label: string | null; testId: string }) {
  if (!label) return none;
  return href ? (
    <MuiLink component={Link} href={href} data-testid={testId}>
      {label}
    </MuiLink>
  ) : (
    <span>{label}</span>
  );
}

/** Spec 3 section 6: the super users' details table of the Video Details tab. */
export function AdminDetails({ video, reload: reloadVideo }: Props) {
  const [confirming, setConfirming] = useState(false);
  // What the admin does here is logged: the Recent Activity rows are read again with the video.
  const reload = () => {
    reloadVideo();
    void refreshActivityLogs();
  };
  const details = video.details;
  if (!details) return null;
  const change = async () => {
    setConfirming(false);
    try {
      await (video.deleted ? restoreVideo(video.id) : deleteVideoAsAdmin(video.id));
    } finally {
      reload();
    }
  };
  const otherJobs = details.adminJobs.filter((job) => job.job !== 'web');
  return (
    <Card variant="outlined" component="section" aria-label="Admin details">
      <CardHeader title="Admin" slotProps={{ title: { variant: 'h2', sx: { fontSize: '1.25rem' } } }} sx={{ pb: 0 }} />
      <CardContent sx={{ px: { xs: 0, sm: 2 } }}>
        <Table size="small" aria-label="Admin details">
          <TableBody>
            <Row label="Video">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <span>{video.deleted ? 'Deleted' : 'Active'}</span>
                {video.deleted ? (
                  <Button size="small" variant="outlined" startIcon={<RestoreFromTrash />} onClick={() => setConfirming(true)}>
                    Restore
                  </Button>
                ) : (
                  <Button size="small" variant="outlined" color="error" startIcon={<DeleteOutlined />} onClick={() => setConfirming(true)}>
                    Delete
                  </Button>
                )}
              </Box>
            </Row>
            {showsOverride(video) && (
              <Row label="Length Override">
                <LengthOverrideSwitch key={String(video.overrideLengthLimit)} video={video} reload={reload} />
              </Row>
            )}
            <Row label="Web Video">{webVideoText(details.adminJobs)}</Row>
            {otherJobs.length > 0 && (
              <Row label="Jobs">
                {otherJobs.map((job) => (
                  <Box key={job.job} component="span" sx={{ display: 'block' }}>
                    {jobText(job)}
                  </Box>
                ))}
              </Row>
            )}
            <Row label="IDs">
              Video {video.id} · Code {video.videoCode}
              {video.foreignId ? ` · Foreign ${video.foreignId}` : ''}
              {video.organizationId ? ` · Organization ${video.organizationId}` : ''}
              {video.userId ? ` · User ${video.userId}` : ''}
            </Row>
            <Row label="Obituary">
              {video.obitUrl && (
                <Box component="span" sx={{ display: 'block', mb: 0.5 }}>
                  <MuiLink href={video.obitUrl} target="_blank" rel="noopener noreferrer">
                    {video.obitUrl}
                  </MuiLink>
                </Box>
              )}
              <ObituaryWidget videoId={video.id} />
            </Row>
            <Row label="Partner">
              {details.affiliateName || details.affiliateCustomer
                ? [details.affiliateName, details.affiliateCustomer && `Customer: ${details.affiliateCustomer}${details.affiliateId ? ` (#${details.affiliateId})` : ''}`].filter(Boolean).join(' · ')
                : none}
              {details.affiliateName && (
                <Chip size="small" sx={{ ml: 1 }} variant="outlined" color={details.affiliateIsTributeProduction ? 'success' : 'warning'} label={details.affiliateIsTributeProduction ? 'Production' : 'Development account'} />
              )}
            </Row>
            <Row label="Organization">
              <AdminLink href={video.urls.editVideoOrg} label={details.videoOrgName} testId="organization-link" />
              {details.userOrgName && details.userOrgId !== video.organizationId && (
                <>
                  {' · Creator\'s organization: '}
                  <AdminLink href={video.urls.editUserOrg} label={details.userOrgName} testId="creator-organization-link" />
                </>
              )}
            </Row>
            <Row label="Creator">
              {video.userId ? <AdminLink href={video.urls.editUser} label={details.videoUserName || `User ${video.userId}`} testId="creator-link" /> : none}
            </Row>
            <Row label="Dates">
              Started {when(video.projectStart)} · Finalized {when(video.dateInQueue)}
            </Row>
            <Row label="Postback URLs">
              {video.postbackUrl || video.orderPostbackUrl ? (
                <>
                  {video.postbackUrl && <Box component="span" sx={{ display: 'block' }}>Video: {video.postbackUrl}</Box>}
                  {video.orderPostbackUrl && <Box component="span" sx={{ display: 'block' }}>Orders: {video.orderPostbackUrl}</Box>}
                </>
              ) : (
                none
              )}
            </Row>
            <Row label="Top Referers">
              {details.topReferers.length ? (
                details.topReferers.map((r) => (
                  <Box key={r.referer} component="span" sx={{ display: 'block' }}>
                    {r.referer} ({r.count.toLocaleString()})
                  </Box>
                ))
              ) : (
                <Typography component="span" variant="body2" color="text.secondary">
                  None recorded
                </Typography>
              )}
            </Row>
          </TableBody>
        </Table>
        <RecentActivity videoId={video.id} />
      </CardContent>
      <ConfirmDialog
        open={confirming}
        message={video.deleted ? 'Are you sure you want to restore?' : 'Are you sure you want to delete?'}
        confirmLabel={video.deleted ? 'Restore' : 'Delete'}
        danger={!video.deleted}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void change()}
      />
    </Card>
  );
}
