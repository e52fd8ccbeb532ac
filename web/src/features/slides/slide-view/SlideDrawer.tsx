import { DeleteOutlined, DownloadOutlined, RotateLeft, RotateRight } from '@mui/icons-material';
import { Box, Button, Divider, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { originalDownloadUrl, type Slide } from '../../../api/index.ts';
import { COMMANDS, type SlideActions } from '../commands.ts';
import { isPhoto } from '../order.ts';

interface Props {
  slide: Slide;
  cover: boolean;
  busy: boolean;
  actions: SlideActions;
  onDelete(): void;
}

const rotateButton = { flex: 1, px: 1, whiteSpace: 'nowrap' } as const;

const heading = (slide: Slide, cover: boolean) => (cover ? 'Cover Photo' : slide.isText ? 'Text Slide' : slide.isVideo ? 'Video Clip' : 'Photo');

/** The slide view's drawer: rotation, enhance, the original download, delete and the caption. */
export function SlideDrawer({ slide, cover, busy, actions, onDelete }: Props) {
  const ctx = { targets: [slide], busy: new Set(busy ? [slide.id] : []) };
  const caption = slide.slideCaption.trim();
  return (
    <Stack spacing={2}>
      <Typography id="slide-view-title" variant="h2" component="h2">
        {heading(slide, cover)}
      </Typography>
      {!slide.isText && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="outlined" startIcon={<RotateLeft />} disabled={!COMMANDS.rotateLeft.enabled(ctx)} onClick={() => COMMANDS.rotateLeft.perform(ctx, actions)} sx={rotateButton}>
            Rotate Left
          </Button>
          <Button variant="outlined" startIcon={<RotateRight />} disabled={!COMMANDS.rotateRight.enabled(ctx)} onClick={() => COMMANDS.rotateRight.perform(ctx, actions)} sx={rotateButton}>
            Rotate Right
          </Button>
        </Box>
      )}
      {isPhoto(slide) && (
        <FormControlLabel
          control={<Switch checked={slide.enhance} disabled={busy} onChange={(e) => actions.enhance([slide.id], e.target.checked)} />}
          label="Enhance"
        />
      )}
      {!slide.isText && slide.origPath && (
        <Button variant="outlined" startIcon={<DownloadOutlined />} component="a" href={originalDownloadUrl(slide.id)} download>
          Download to Edit
        </Button>
      )}
      <Button variant="outlined" color="error" startIcon={<DeleteOutlined />} disabled={!COMMANDS.delete.enabled(ctx)} onClick={onDelete}>
        Delete
      </Button>
      <Divider />
      <Box>
        <Typography variant="subtitle2" component="h3">
          {slide.isText ? 'Text' : 'Caption'}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: caption ? 'text.primary' : 'text.secondary' }}>{caption || 'No caption'}</Typography>
      </Box>
    </Stack>
  );
}
