import { ArrowBack } from '@mui/icons-material';
import { Button, Link as MuiLink, Paper, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'wouter';
import { formatPrice, lineTotalCents } from '../../../../../common/order-pricing.ts';
import { OrderLineStatus, orderStatus } from '../../dashboard/index.ts';
import { useVideoDetails } from '../../details/index.ts';
import { useVideoOrders, VideoOrdersState, type VideoOrder } from '../../orders/index.ts';
import { Page } from '../../../ui/index.ts';

/** The products and prices, on the same address without the video. */
const CATALOGUE_PATH = '/settings/order_details';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function OrderRows({ order }: { order: VideoOrder }) {
  const how = order.source === 'finalize' ? 'When finalizing' : 'Copies ordered later';
  const first = (
    <>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        #{order.id}
        <Typography variant="body2" color="text.secondary">
          {how}
        </Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{order.displayOrderDate}</TableCell>
      <TableCell>{order.placedBy ?? <Typography component="span" variant="body2" color="text.secondary">Customer</Typography>}</TableCell>
    </>
  );
  if (order.orderDetails.length === 0) {
    return (
      <TableRow>
        {first}
        <TableCell colSpan={5}>
          <Typography variant="body2" color="text.secondary">
            No copies were ordered{order.autoBurn ? ' (burn to DVD once finalized)' : ''}.
          </Typography>
        </TableCell>
      </TableRow>
    );
  }
  return (
    <>
      {order.orderDetails.map((line, i) => (
        <TableRow key={line.id} aria-label={`Order ${order.id}: ${line.product.productTitle}`}>
          {i === 0 ? first : <TableCell colSpan={3} sx={{ borderTop: 0 }} />}
          <TableCell>{line.product.productTitle}</TableCell>
          <TableCell align="right" sx={numeric}>{line.quantity}</TableCell>
          <TableCell align="right" sx={numeric}>{formatPrice(line.unitPriceCents)}</TableCell>
          {/* A cancelled line is not in the order's total. */}
          <TableCell align="right" sx={{ ...numeric, textDecoration: orderStatus(line).kind === 'cancelled' ? 'line-through' : 'none' }}>
            {formatPrice(lineTotalCents({ quantity: line.quantity, unitPriceCents: line.unitPriceCents }))}
          </TableCell>
          <TableCell>
            <OrderLineStatus detail={line} />
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}

/**
 * /settings/order_details?scope=video&video_id={id}: every line of one video's orders on one page, for the admins
 * the details page's Order History links here (spec 3 sections 2.1 and 6, "the expanded order history").
 */
export function VideoOrderDetails({ videoId }: { videoId: number }) {
  const { video } = useVideoDetails(videoId);
  const state = useVideoOrders(videoId);
  const { orders } = state;
  const name = video?.title || orders?.[0]?.videoTitle || `Video ${videoId}`;
  return (
    <Page
      title="Order Details"
      actions={
        <Button component={Link} href={CATALOGUE_PATH} variant="outlined" startIcon={<ArrowBack />}>
          Products and prices
        </Button>
      }
    >
      <Typography sx={{ mb: 2 }}>
        Orders of{' '}
        <MuiLink component={Link} href={`/videos/${videoId}/details`}>
          {name}
        </MuiLink>
      </Typography>
      <VideoOrdersState state={state}>
        {(orders) => (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={`Order details of ${name}`}>
            <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell>Ordered</TableCell>
                <TableCell>Placed by</TableCell>
                <TableCell>Product</TableCell>
                <TableCell align="right">Quantity</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((order) => (
                <OrderRows key={order.id} order={order} />
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={6} sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {orders.length === 1 ? '1 order' : `${orders.length} orders`}
                </TableCell>
                <TableCell align="right" sx={{ ...numeric, fontWeight: 600, color: 'text.primary' }}>
                  {formatPrice(orders.reduce((sum, order) => sum + order.totalCents, 0))}
                </TableCell>
                <TableCell />
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
        )}
      </VideoOrdersState>
    </Page>
  );
}
