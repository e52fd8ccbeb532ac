import { Album, ListAlt, LocalShipping } from '@mui/icons-material';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { Link } from 'wouter';
import { formatPrice, lineTotalCents } from '../../../../../common/order-pricing.ts';
import { OrderLineStatus, orderStatus } from '../../dashboard/index.ts';
import { useVideoOrders, VideoOrdersState, type VideoOrder } from '../../orders/index.ts';
import type { VideoDetails } from '../api.ts';
import { hardCopiesPath, videoOrderDetailsPath } from '../links.ts';

type OrderLine = VideoOrder['orderDetails'][number];

function Line({ line }: { line: OrderLine }) {
  const status = orderStatus(line);
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, py: 1.25, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 240px', minWidth: 0 }}>
        <Box component="img" src={`/product_images/${encodeURIComponent(line.product.productThumbImage)}`} alt="" width={40} height={40} sx={{ flexShrink: 0 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {line.product.productTitle}
            <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontWeight: 500 }}>
              x{line.quantity}
            </Box>
          </Typography>
          <OrderLineStatus detail={line} />
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ pl: { xs: 6.5, sm: 0 }, fontVariantNumeric: 'tabular-nums', textDecoration: status.kind === 'cancelled' ? 'line-through' : 'none' }}>
        {line.quantity} × {formatPrice(line.unitPriceCents)} = {formatPrice(lineTotalCents({ quantity: line.quantity, unitPriceCents: line.unitPriceCents }))}
      </Typography>
    </Box>
  );
}

const SOURCE_TEXT: Record<VideoOrder['source'], string> = {
  finalize: ' · placed when finalizing',
  hard_copies: ' · copies ordered later',
  retail: ' · retail order from the Buy a DVD link (no payment taken)',
};

/** Who ordered from the public form and where the copies go: what the funeral home needs to fulfil it. */
function RetailCustomer({ customer }: { customer: NonNullable<VideoOrder['retailCustomer']> }) {
  const place = [customer.city, customer.region, customer.postalCode].filter(Boolean).join(', ');
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', py: 1, display: 'grid', gap: 0.25 }} aria-label="Retail customer">
      <Typography sx={{ fontWeight: 600 }}>Ship to {customer.name}</Typography>
      <Typography variant="body2">{[customer.addressLine1, customer.addressLine2].filter(Boolean).join(', ')}</Typography>
      <Typography variant="body2">
        {place} · {customer.country}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {customer.email}
        {customer.phone ? ` · ${customer.phone}` : ''}
      </Typography>
      {customer.note && (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          “{customer.note}”
        </Typography>
      )}
    </Box>
  );
}

function OrderCard({ order, admin }: { order: VideoOrder; admin: boolean }) {
  return (
    <Paper component="article" variant="outlined" aria-label={`Order ${order.id}`} sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Box>
          <Typography sx={{ fontWeight: 700 }}>Ordered {order.displayOrderDate}</Typography>
          <Typography variant="body2" color="text.secondary">
            Order #{order.id}
            {SOURCE_TEXT[order.source]}
            {admin && order.placedBy && ` · by ${order.placedBy}`}
          </Typography>
        </Box>
        {order.autoBurn && <Chip size="small" icon={<Album />} label="Burn to DVD once finalized" variant="outlined" />}
      </Box>
      {order.retailCustomer && <RetailCustomer customer={order.retailCustomer} />}
      {order.orderDetails.length > 0 ? (
        <Box component="ul" aria-label={`Items of order ${order.id}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {order.orderDetails.map((line) => (
            <Line key={line.id} line={line} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
          No copies were ordered.
        </Typography>
      )}
      {order.orderDetails.length > 0 && (
        <Typography sx={{ textAlign: 'right', fontWeight: 600, pt: 1, borderTop: 1, borderColor: 'divider', fontVariantNumeric: 'tabular-nums' }}>
          Total {formatPrice(order.totalCents)}
        </Typography>
      )}
    </Paper>
  );
}

/** Spec 3 section 2.1's Order History tab: the video's orders, newest first, with each line's status (spec 1 section 4). */
export function OrderHistoryTab({ video, admin }: { video: VideoDetails; admin: boolean }) {
  const state = useVideoOrders(video.id);
  const canOrder = !video.deleted && video.dateInQueue !== null;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
          Order History
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {admin && (
            <Button component={Link} href={videoOrderDetailsPath(video.id)} startIcon={<ListAlt />}>
              Order Details
            </Button>
          )}
          {canOrder && (
            <Button component={Link} href={hardCopiesPath(video.videoCode)} variant="outlined" startIcon={<LocalShipping />}>
              Order Hard Copies
            </Button>
          )}
        </Box>
      </Box>
      <VideoOrdersState state={state}>{(orders) => orders.map((order) => <OrderCard key={order.id} order={order} admin={admin} />)}</VideoOrdersState>
    </Stack>
  );
}
