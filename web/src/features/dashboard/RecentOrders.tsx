import { Box, Button } from '@mui/material';
import type { Order } from '../../api/index.ts';
import { ColumnMessage, DashboardColumn } from './DashboardColumn.tsx';
import { OrderRow } from './OrderRow.tsx';
import type { Column } from './useDashboard.ts';

export const ORDERS_SCROLL_HEIGHT = 610;

export function RecentOrders({ column, onLoadMore }: { column: Column<Order>; onLoadMore: () => void }) {
  const { items, loading, failed, hasMore } = column;
  let footer;
  if (items.length === 0) {
    footer = <ColumnMessage>{loading ? 'Loading...' : failed ? 'The recent orders could not be loaded.' : 'No recent orders found.'}</ColumnMessage>;
  } else if (hasMore) {
    footer = (
      <Button variant="outlined" onClick={onLoadMore} disabled={loading}>
        {loading ? 'Loading...' : 'Load More'}
      </Button>
    );
  }
  return (
    <DashboardColumn id="recent-orders-heading" title="Recent Orders" height={ORDERS_SCROLL_HEIGHT} footer={footer}>
      {items.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((order) => (
            <li key={order.id}>
              <OrderRow order={order} />
            </li>
          ))}
        </Box>
      )}
    </DashboardColumn>
  );
}
