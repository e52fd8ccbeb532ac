import { Visibility } from '@mui/icons-material';
import { Badge, Tooltip } from '@mui/material';

export const VIEW_COUNT_CAP = 9999;

/** The views badge: shows zero, and caps at 9999 (shown as 9999+). */
export function ViewCount({ viewed }: { viewed: number }) {
  const label = `${viewed.toLocaleString()} ${viewed === 1 ? 'view' : 'views'}`;
  return (
    <Tooltip title={label}>
      <Badge
        badgeContent={viewed}
        max={VIEW_COUNT_CAP}
        showZero
        color="primary"
        role="img"
        aria-label={label}
        sx={{ mx: { xs: 1.5, sm: 2 }, '& .MuiBadge-badge': { fontVariantNumeric: 'tabular-nums' } }}
      >
        <Visibility sx={{ color: 'text.secondary' }} />
      </Badge>
    </Tooltip>
  );
}
