import { Link as MuiLink, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { Link } from 'wouter';
import { activityLogsPageUrl, type ActivityRow } from './api.ts';

const wide = { display: { xs: 'none', md: 'table-cell' } };

const when = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface Props {
  rows: ActivityRow[];
  label: string;
  /** Leaves out the Video column (the details page's Recent Activity is about one video). */
  hideVideo?: boolean;
}

/** Activity rows (spec 3 section 3.2); the user and address link to the log narrowed to them. */
export function ActivityLogTable({ rows, label, hideVideo }: Props) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>User</TableCell>
            <TableCell>Action</TableCell>
            {!hideVideo && <TableCell sx={wide}>Video</TableCell>}
            <TableCell sx={wide}>IP</TableCell>
            <TableCell sx={wide}>Browser</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(row.datetime)}</TableCell>
              <TableCell>
                {row.userId ? (
                  <MuiLink component={Link} href={activityLogsPageUrl({ userId: String(row.userId) })}>
                    {row.userName || `User ${row.userId}`}
                  </MuiLink>
                ) : (
                  <Typography component="span" color="text.secondary" variant="body2">
                    Nobody signed in
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.action}</TableCell>
              {!hideVideo && (
                <TableCell sx={wide}>
                  {row.videoId ? (
                    <MuiLink component={Link} href={`/videos/${row.videoId}/details`}>
                      {row.videoId}
                    </MuiLink>
                  ) : (
                    ''
                  )}
                </TableCell>
              )}
              <TableCell sx={wide}>
                {row.ip ? (
                  <MuiLink component={Link} href={activityLogsPageUrl({ ip: row.ip })}>
                    {row.ip}
                  </MuiLink>
                ) : (
                  ''
                )}
              </TableCell>
              <TableCell sx={wide}>
                {row.browser ? (
                  <Tooltip title={row.userAgent.userAgent ?? ''}>
                    <span>{`${row.browser} on ${row.os ?? 'Other'}`}</span>
                  </Tooltip>
                ) : (
                  ''
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
