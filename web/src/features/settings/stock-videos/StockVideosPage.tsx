import { Box, Chip } from '@mui/material';
import type { WireAdminStockVideo } from '../../../../../server/src/wire/stock-admin.ts';
import type { Camelized } from '../../../api/index.ts';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import type { ResourceDeclaration } from '../resource/types.ts';

type StockVideo = Camelized<WireAdminStockVideo>;

/** The tile's still at the dialog's proportions (267 by 150), smaller. */
function Still({ video }: { video: StockVideo }) {
  const frame = { width: 107, height: 60, borderRadius: 1, bgcolor: 'grey.200', display: 'block', objectFit: 'cover' } as const;
  return video.thumbUrl ? <Box component="img" src={video.thumbUrl} alt="" width={107} height={60} loading="lazy" sx={frame} /> : <Box sx={frame} />;
}

const seconds = (s: number | null): string => (s === null ? 'Being made' : `${Math.round(s * 10) / 10} s`);

const STOCK_VIDEOS: ResourceDeclaration<StockVideo> = {
  title: 'Stock Videos',
  noun: 'stock video',
  path: '/r/settings/stock_videos',
  listKey: 'stockVideos',
  searchLabel: 'Search stock videos',
  columns: [
    { label: 'Clip', render: (v) => <Still video={v} /> },
    { label: 'Title', render: (v) => v.videoTitle },
    { label: 'Tags', render: (v) => v.tags || '—', secondary: true },
    { label: 'Length', render: (v) => seconds(v.duration), secondary: true },
    { label: 'Source', render: (v) => (v.source === 'engine' ? 'Drawn by Tribute' : 'Uploaded'), secondary: true },
    { label: 'Status', render: (v) => (v.disabled ? <Chip size="small" label="Hidden" variant="outlined" /> : <Chip size="small" label="Offered" color="success" variant="outlined" />) },
  ],
  fields: [
    { key: 'videoTitle', label: 'Title', kind: 'text', required: true },
    { key: 'tags', label: 'Tags', kind: 'text', max: 500, helper: 'Words the dialog’s search finds, and that suggest the clip for themes with the same words.' },
    {
      key: 'file',
      label: 'Video file',
      kind: 'file',
      required: true,
      accept: 'video/mp4,video/quicktime,.mp4,.mov',
      helper: 'An MP4 or MOV clip of at most 3 minutes and 100 MB. When editing, choose a file only to replace the clip.',
    },
    { key: 'disabled', label: 'Hidden from the slide editor', kind: 'switch' },
  ],
  rowName: (v) => v.videoTitle,
  dimmed: (v) => v.disabled,
  remove: { message: (v) => `"${v.videoTitle}" will be deleted from the stock video library. Slides already made from it keep their own copy.` },
  noMatchText: (search) => `No stock videos match "${search}".`,
};

/** Super users' stock video library (/settings/stock_videos): the slide editor's Stock Videos dialog offers the same clips. */
export function StockVideosPage() {
  return <AdminResourcePage resource={STOCK_VIDEOS} />;
}
