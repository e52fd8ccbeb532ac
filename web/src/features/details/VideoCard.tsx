import { EditOutlined, PhotoLibraryOutlined, PlayArrow, SlideshowOutlined } from '@mui/icons-material';
import { Alert, Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CardStatus } from '../generation/index.ts';
import { slowGenerationWarning } from '../preview/index.ts';
import { useShowViewCount } from '../videos/view-count-setting.ts';
import type { VideoDetails } from './api.ts';
import { billingLabel, canEdit, canView, directDeliveryText, themeName } from './rules.ts';
import { StatusLine } from './StatusLine.tsx';

interface Props {
  video: VideoDetails;
  status: CardStatus;
  admin: boolean;
  /** The finished video can be played and downloaded. */
  ready: boolean;
  onView: () => void;
  onLastPreview: () => void;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** Spec 3 section 2.2's video card: intro text, title and subtitle, the facts rows, and the video's buttons. */
export function VideoCard({ video, status, admin, ready, onView, onLastPreview }: Props) {
  const slow = slowGenerationWarning(video);
  // The videos list's Show Views switch hides the count here too (one local setting).
  const [showViews] = useShowViewCount();
  return (
    <Card variant="outlined" sx={{ gridArea: 'card', alignSelf: 'start', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        {video.introText && (
          <Typography variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.6 }}>
            {video.introText}
          </Typography>
        )}
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.85rem' }, overflowWrap: 'anywhere' }}>
          {video.title || 'Untitled video'}
        </Typography>
        {video.subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {video.subtitle}
          </Typography>
        )}
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 3, rowGap: 1.25, mt: 3, mb: 0, alignItems: 'start' }}>
          <Row label="Progress">
            <Box component="span" sx={{ display: 'block' }}>
              <StatusLine status={status} />
            </Box>
            {slow && (
              <Alert severity="warning" sx={{ mt: 1, py: 0, maxWidth: 420 }} data-testid="slow-generation">
                {slow}
              </Alert>
            )}
          </Row>
          <Row label={billingLabel(video.billingIdPrompt)}>{video.billingId || 'None'}</Row>
          <Row label="Theme">{themeName(video)}</Row>
          <Row label="Duration">{video.displayDuration || 'Not known yet'}</Row>
          {showViews && <Row label="Views">{video.viewed.toLocaleString()}</Row>}
          <Row label="Direct Delivery">{directDeliveryText(video.silks)}</Row>
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {canEdit(video, admin) && (
          <Button component={Link} href={`/creator/${video.id}/setup`} variant="outlined" startIcon={<EditOutlined />}>
            Edit
          </Button>
        )}
        {canView(video) && (
          <Button variant="contained" startIcon={<PlayArrow />} onClick={onView} disabled={!ready}>
            View
          </Button>
        )}
        {admin && (
          <>
            <Button variant="outlined" startIcon={<SlideshowOutlined />} onClick={onLastPreview}>
              Last Preview
            </Button>
            <Button component={Link} href={video.urls.editor} variant="outlined" startIcon={<PhotoLibraryOutlined />}>
              Editor
            </Button>
          </>
        )}
      </CardActions>
    </Card>
  );
}
