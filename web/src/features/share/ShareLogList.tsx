import { Email, Sms } from '@mui/icons-material';
import { List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { WireShareLogRow } from '../../../../server/src/wire/share.ts';
import type { Camelized } from '../../api/index.ts';

export type ShareLogRow = Camelized<WireShareLogRow>;

const WHEN = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const METHOD_LABELS: Record<string, string> = { email: 'Email', sms: 'Text message', copy: 'Copied link', qr: 'QR code' };

/** Who sent the link to whom, newest first (spec 1, section 2.5: the share log). */
export function ShareLogList({ rows }: { rows: ShareLogRow[] }) {
  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        The link has not been sent to anyone yet.
      </Typography>
    );
  }
  return (
    <List dense disablePadding>
      {rows.map((row) => (
        <ListItem key={row.id} disableGutters>
          <ListItemIcon sx={{ minWidth: 36 }}>{row.method === 'sms' ? <Sms fontSize="small" /> : <Email fontSize="small" />}</ListItemIcon>
          <ListItemText
            primary={row.recipient || METHOD_LABELS[row.method] || row.method}
            secondary={[METHOD_LABELS[row.method] ?? row.method, row.userFullName && `by ${row.userFullName}`, WHEN.format(new Date(row.createdAt))]
              .filter(Boolean)
              .join(' · ')}
            slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
