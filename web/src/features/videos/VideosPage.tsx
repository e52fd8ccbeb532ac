import { Add } from '@mui/icons-material';
import { Box, Button, Paper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { deleteVideo, useVideoList, type VideoListItem } from '../../api/index.ts';
import { ConfirmDialog, Page } from '../../ui/index.ts';
import { filterByTitle, filterTerms } from './filter.ts';
import { footerText } from './footer.ts';
import { withOrganizationNames } from './organizations.ts';
import { DEFAULT_SORT, sortVideos } from './sort.ts';
import type { SortFilterState } from './SortFilterControls.tsx';
import { SortFilterDialogButton, SortFilterSidebar } from './SortFilterPanel.tsx';
import { useShowViewCount } from './view-count-setting.ts';
import { VirtualVideoList } from './VirtualVideoList.tsx';

export function VideosPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { list, isLoading, mutate } = useVideoList();
  const [showViews, setShowViews] = useShowViewCount();
  const [sort, setSort] = useState<Pick<SortFilterState, 'sort' | 'reverse' | 'filter'>>({ sort: DEFAULT_SORT, reverse: false, filter: '' });
  const [deleting, setDeleting] = useState<VideoListItem | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const all = useMemo(() => (list ? withOrganizationNames(list.videos, list.organizations, list.tmpOrgName) : []), [list]);
  const shown = useMemo(() => sortVideos(filterByTitle(all, sort.filter), sort.sort, sort.reverse), [all, sort]);

  const controls = { ...sort, showViews };
  const change = ({ showViews: views, ...rest }: Partial<SortFilterState>) => {
    if (views !== undefined) setShowViews(views);
    if (Object.keys(rest).length) setSort((s) => ({ ...s, ...rest }));
  };

  const askDelete = (video: VideoListItem) => {
    setDeleting(video);
    setConfirmOpen(true);
  };

  const confirmDelete = async () => {
    setConfirmOpen(false);
    if (!deleting) return;
    const { id } = deleting;
    try {
      await deleteVideo(id);
    } catch {
      // The error dialog has already told the user; the row stays.
      return;
    }
    await mutate((current) => current && { ...current, videos: current.videos.filter((v) => v.id !== id) }, { revalidate: false });
  };

  return (
    <Page
      title="Videos"
      actions={
        <Box sx={{ display: 'flex', gap: 1 }}>
          {small && <SortFilterDialogButton value={controls} onChange={change} />}
          <Button component={Link} href="/creator/new" variant="contained" startIcon={<Add />}>
            New Video
          </Button>
        </Box>
      }
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: small ? '1fr' : 'minmax(0, 1fr) 280px', alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <VirtualVideoList videos={shown} showViews={showViews} onDelete={askDelete} />
          <Typography role="status" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {footerText(isLoading && !list, shown.length, all.length, filterTerms(sort.filter).length > 0)}
          </Typography>
        </Paper>
        {!small && <SortFilterSidebar value={controls} onChange={change} />}
      </Box>
      <ConfirmDialog
        open={confirmOpen}
        title="Delete video"
        message={`Are you sure you want to delete '${deleting?.title ?? ''}'?`}
        confirmLabel="Delete"
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirmOpen(false)}
      />
    </Page>
  );
}
