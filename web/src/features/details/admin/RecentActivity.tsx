import { Box, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'wouter';
import { ActivityLogTable, activityLogsPageUrl, useActivityLog } from '../../activity-logs/index.ts';

/** Spec 3 section 9: Recent Activity shows 5 rows. */
export const RECENT_ACTIVITY_ROWS = 5;

/** The video's last few activity rows, with a link to its whole log. */
export function RecentActivity({ videoId }: { videoId: number }) {
  const { data, error } = useActivityLog({ videoId: String(videoId) }, RECENT_ACTIVITY_ROWS);
  return (
    <Box component="section" aria-label="Recent activity" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, px: { xs: 2, sm: 0 }, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          Recent Activity
        </Typography>
        <MuiLink component={Link} href={activityLogsPageUrl({ videoId: String(videoId) })}>
          All activity
        </MuiLink>
      </Box>
      {error ? (
        <Typography color="error" variant="body2" sx={{ px: { xs: 2, sm: 0 } }}>
          {error.message}
        </Typography>
      ) : data && data.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: { xs: 2, sm: 0 } }}>
          No activity recorded for this video.
        </Typography>
      ) : (
        <ActivityLogTable rows={data ?? []} label="Recent activity" hideVideo />
      )}
    </Box>
  );
}
