import { Add } from '@mui/icons-material';
import { Box, Button } from '@mui/material';
import { Link } from 'wouter';
import type { VideoListItem } from '../../api/index.ts';
import { VideoRow } from '../videos/index.ts';
import { ColumnMessage, DashboardColumn } from './DashboardColumn.tsx';
import { DASHBOARD_PAGE_SIZE, type Column } from './useDashboard.ts';

export const VIDEOS_SCROLL_HEIGHT = 674;

interface Props {
  userId: number;
  column: Column<VideoListItem>;
  onLoadMore: () => void;
}

/** Spec 1, 2.8 Recent Videos: listed like the videos page, without delete (one organization: no organization column). */
export function RecentVideos({ userId, column, onLoadMore }: Props) {
  const { items, loading, failed, hasMore } = column;
  // Spec 1, 2.8: View All appears once a page's worth is loaded (or the server has more than came back).
  const many = items.length >= DASHBOARD_PAGE_SIZE || hasMore;
  let footer;
  if (items.length === 0) {
    footer = <ColumnMessage>{loading ? 'Loading...' : failed ? 'The recent videos could not be loaded.' : 'No recent videos found.'}</ColumnMessage>;
  } else if (many) {
    footer = (
      <>
        {hasMore && (
          <Button variant="outlined" onClick={onLoadMore} disabled={loading}>
            {loading ? 'Loading...' : 'Load More'}
          </Button>
        )}
        <Button component={Link} href="/videos">
          View All
        </Button>
      </>
    );
  }
  return (
    <DashboardColumn
      id="recent-videos-heading"
      title="Recent Videos"
      height={VIDEOS_SCROLL_HEIGHT}
      action={
        <Button component={Link} href={`/creator/new?user_id=${userId}`} variant="contained" startIcon={<Add />} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          New Video
        </Button>
      }
      footer={footer}
    >
      {items.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((video) => (
            <li key={video.id}>
              <VideoRow video={video} showViews showOrganization={false} />
            </li>
          ))}
        </Box>
      )}
    </DashboardColumn>
  );
}
