import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { useVideoOrders, VideoOrder } from './api.ts';

/**
 * A video's orders as useVideoOrders reads them: the error with Retry, the spinner, "No orders" or, once there are
 * some, what `children` makes of them (the details page's cards, the admins' table).
 */
export function VideoOrdersState({ state, children }: { state: ReturnType<typeof useVideoOrders>; children: (orders: VideoOrder[]) => ReactNode }) {
  const { orders, error, reload } = state;
  if (error) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={reload}>Retry</Button>}>
        {error.message}
      </Alert>
    );
  }
  if (!orders) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading the orders" />
      </Box>
    );
  }
  if (orders.length === 0) return <Typography color="text.secondary">No orders for this video yet.</Typography>;
  return <>{children(orders)}</>;
}
