import { Delete } from '@mui/icons-material';
import { Box, IconButton, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { VideoListItem } from '../../api/index.ts';
import { CoverThumb } from './CoverThumb.tsx';
import { ViewCount } from './ViewCount.tsx';

export const ROW_HEIGHT = 65;

/** Finished videos open their details; unfinished ones open the slides step to carry on. */
export const videoHref = (video: Pick<VideoListItem, 'id' | 'dateInQueue'>): string =>
  video.dateInQueue ? `/videos/${video.id}/details` : `/creator/${video.id}/slides`;

interface Props {
  video: VideoListItem & { organizationName?: string };
  showViews: boolean;
  showOrganization: boolean;
  /** Absent where deleting is not offered (the dashboard). */
  onDelete?: (video: VideoListItem) => void;
  /** Shown while the video renders. */
  progress?: ReactNode;
}

/** One 65 px row: cover, title, intro text and subtitle, organization, views; unfinished videos in italics. */
export function VideoRow({ video, showViews, showOrganization, onDelete, progress }: Props) {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const unfinished = !video.dateInQueue;
  const secondary = [video.introText, video.subtitle].filter(Boolean).join(' · ');
  return (
    <Box sx={{ height: ROW_HEIGHT, display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', fontStyle: unfinished ? 'italic' : 'normal' }}>
      <Box
        component={Link}
        href={videoHref(video)}
        sx={{
          flex: 1,
          minWidth: 0,
          height: '100%',
          display: 'flex',
          alignItems: 'center',
          gap: compact ? 1 : 1.5,
          px: compact ? 1 : 1.5,
          color: 'inherit',
          textDecoration: 'none',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <CoverThumb videoId={video.id} url={video.coverPhotoThumbUrl} width={compact ? 64 : 80} height={compact ? 36 : 45} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600, fontStyle: 'inherit' }}>
            {video.title || 'Untitled video'}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ fontStyle: 'inherit' }}>
            {secondary}
          </Typography>
        </Box>
        {showOrganization && video.organizationName && (
          <Typography variant="body2" color="text.secondary" noWrap sx={{ display: { xs: 'none', sm: 'block' }, width: 180, flexShrink: 0, fontStyle: 'inherit' }}>
            {video.organizationName}
          </Typography>
        )}
        {progress}
        {showViews && <ViewCount viewed={video.viewed} />}
      </Box>
      {onDelete && (
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${video.title || 'untitled video'}`} onClick={() => onDelete(video)} sx={{ mx: compact ? 0 : 0.5 }}>
            <Delete />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
