import { Box } from '@mui/material';
import { useMe } from '../../api/index.ts';
import { Page } from '../../ui/index.ts';
import { RecentOrders } from './RecentOrders.tsx';
import { RecentVideos } from './RecentVideos.tsx';
import { useDashboard } from './useDashboard.ts';

function Dashboard({ userId }: { userId: number }) {
  const { videos, orders, loadMore } = useDashboard(userId);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
      <RecentVideos userId={userId} column={videos} onLoadMore={() => void loadMore('videos')} />
      <RecentOrders column={orders} onLoadMore={() => void loadMore('orders')} />
    </Box>
  );
}

/** Spec 1, 2.8: Recent Videos and Recent Orders side by side, stacked on phones. */
export function DashboardPage() {
  const { user } = useMe();
  return <Page title="Dashboard">{user && <Dashboard userId={user.id} />}</Page>;
}
