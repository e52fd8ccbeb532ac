import { ContentCutOutlined, DeleteOutlined, PlayCircleOutlined, RotateLeft, RotateRight, SubtitlesOutlined, VolumeUpOutlined } from '@mui/icons-material';
import { Box, Button, List, Typography } from '@mui/material';
import type { Slide } from '../../../api/index.ts';
import { COMMANDS, type SlideActions } from '../commands.ts';
import type { ReactNode } from 'react';
import type { EditorDialog } from './dialogs.ts';
import { DrawerItem } from './DrawerItem.tsx';

const rotateButton = { flex: 1, px: 1, whiteSpace: 'nowrap' } as const;

/** Spec 2 "Video slide drawer": Rotate, Delete, Caption, Volume (not for stock clips), Trimming, transition. */
export function VideoDrawer({ slide, busy, actions, choosers, onDialog, onDelete }: { slide: Slide; busy: boolean; actions: SlideActions; choosers: ReactNode; onDialog(d: EditorDialog): void; onDelete(): void }) {
  const ctx = { targets: [slide], busy: new Set(busy ? [slide.id] : []) };
  return (
    <Box>
      <Typography id="slide-view-title" variant="h2" component="h2" sx={{ mb: 1 }}>
        Video Clip
      </Typography>
      <List dense disablePadding aria-label="Video clip tools">
        <Box component="li" sx={{ display: 'flex', gap: 1, py: 0.5 }}>
          <Button size="small" variant="outlined" startIcon={<RotateLeft />} disabled={!COMMANDS.rotateLeft.enabled(ctx)} onClick={() => COMMANDS.rotateLeft.perform(ctx, actions)} sx={rotateButton}>
            Rotate Left
          </Button>
          <Button size="small" variant="outlined" startIcon={<RotateRight />} disabled={!COMMANDS.rotateRight.enabled(ctx)} onClick={() => COMMANDS.rotateRight.perform(ctx, actions)} sx={rotateButton}>
            Rotate Right
          </Button>
        </Box>
        <DrawerItem icon={<PlayCircleOutlined />} label="Preview" onClick={() => onDialog('preview')} />
        <DrawerItem icon={<DeleteOutlined />} label="Delete" disabled={!COMMANDS.delete.enabled(ctx)} onClick={onDelete} />
        <DrawerItem icon={<SubtitlesOutlined />} label="Caption" detail={slide.slideCaption.trim() || undefined} onClick={() => onDialog('caption')} />
        {slide.stockVideoId === null && <DrawerItem icon={<VolumeUpOutlined />} label="Volume" detail={`Clip ${slide.clipVolume}%, music ${slide.duckVolume}%`} onClick={() => onDialog('volume')} />}
        <DrawerItem icon={<ContentCutOutlined />} label="Trimming" onClick={() => onDialog('trim')} />
        {choosers}
      </List>
    </Box>
  );
}
