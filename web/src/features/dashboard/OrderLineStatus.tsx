import { Box, Link as MuiLink, Typography } from '@mui/material';
import type { OrderDetail } from '../../api/index.ts';
import { ORDER_STATUS_COLOUR, orderStatus } from './orderStatus.ts';

type StatusFacts = Pick<OrderDetail, 'dateCancelled' | 'displayCancelledDate' | 'shippedDate' | 'displayShippedDate' | 'tracking' | 'trackingUrl'>;

/** An order line's status (spec 1 section 4) in its colour, with the tracking number as a link when it has one. */
export function OrderLineStatus({ detail }: { detail: StatusFacts }) {
  const status = orderStatus(detail);
  return (
    <Typography variant="body2" sx={{ color: ORDER_STATUS_COLOUR[status.kind] }}>
      {status.text}
      {status.tracking && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' · Tracking: '}
          {status.trackingUrl ? (
            <MuiLink href={status.trackingUrl} target="_blank" rel="noopener noreferrer">
              {status.tracking}
            </MuiLink>
          ) : (
            status.tracking
          )}
        </Box>
      )}
    </Typography>
  );
}
