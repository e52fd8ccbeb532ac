import { Box, Typography } from '@mui/material';
import { Link } from 'wouter';
import type { Order, OrderDetail } from '../../api/index.ts';
import { OrderLineStatus } from './OrderLineStatus.tsx';
import { quantityText } from './orderStatus.ts';

function DetailLine({ detail }: { detail: OrderDetail }) {
  const quantity = quantityText(detail.quantity);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 0.75 }}>
      <Box
        component="img"
        src={`/product_images/${encodeURIComponent(detail.product.productThumbImage)}`}
        alt=""
        width={40}
        height={40}
        sx={{ flexShrink: 0, objectFit: 'contain' }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {detail.product.productTitle}
          {quantity && (
            <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontWeight: 500 }}>
              {quantity}
            </Box>
          )}
        </Typography>
        <OrderLineStatus detail={detail} />
      </Box>
    </Box>
  );
}

/** One order: the video it is for (linking to its details), then each line with its product and status. */
export function OrderRow({ order }: { order: Order }) {
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 1.5, py: 1 }}>
      <Box
        component={Link}
        href={`/videos/${order.videoId}/details`}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          color: 'inherit',
          textDecoration: 'none',
          borderRadius: 1,
          p: 0.5,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Box component="img" src={order.coverPhotoThumbUrl} alt="" width={64} height={36} sx={{ borderRadius: 1, objectFit: 'cover', flexShrink: 0 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {order.videoTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Ordered {order.displayOrderDate}
          </Typography>
        </Box>
      </Box>
      <Box component="ul" aria-label={`Items ordered for ${order.videoTitle}`} sx={{ listStyle: 'none', m: 0, p: 0, pl: { xs: 0.5, sm: 10 } }}>
        {order.orderDetails.map((detail) => (
          <DetailLine key={detail.id} detail={detail} />
        ))}
      </Box>
    </Box>
  );
}
