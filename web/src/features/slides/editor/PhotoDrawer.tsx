import {
  AutoFixHighOutlined,
  CropOutlined,
  DeleteOutlined,
  DownloadOutlined,
  HealingOutlined,
  PaletteOutlined,
  PlayCircleOutlined,
  RemoveRedEyeOutlined,
  RotateLeft,
  RotateRight,
  StraightenOutlined,
  SubtitlesOutlined,
  TimerOutlined,
  UndoOutlined,
  ZoomInOutlined,
} from '@mui/icons-material';
import { Box, Button, FormControlLabel, List, Switch, Typography } from '@mui/material';
import type { Slide } from '../../../api/index.ts';
import { COMMANDS, type SlideActions } from '../commands.ts';
import type { ReactNode } from 'react';
import type { EditorDialog } from './dialogs.ts';
import { DrawerItem } from './DrawerItem.tsx';
import type { Tool } from './paths.ts';
import { slideTimeLabel } from './slide-time.ts';

interface Props {
  slide: Slide;
  isCover: boolean;
  busy: boolean;
  actions: SlideActions;
  /** The transition, effect, overlay and border chooser buttons; none for the cover photo. */
  choosers: ReactNode;
  onTool(tool: Tool): void;
  onDialog(dialog: EditorDialog): void;
  onDelete(): void;
  onRevert(): void;
}

const rotateButton = { flex: 1, px: 1, whiteSpace: 'nowrap' } as const;

/** Spec 2 "Photo editor drawer". The cover photo has no custom zoom and no choosers, and is headed 'Cover Photo'. */
export function PhotoDrawer({ slide, isCover, busy, actions, choosers, onTool, onDialog, onDelete, onRevert }: Props) {
  const ctx = { targets: [slide], busy: new Set(busy ? [slide.id] : []) };
  return (
    <Box>
      <Typography id="slide-view-title" variant="h2" component="h2" sx={{ mb: 1 }}>
        {isCover ? 'Cover Photo' : 'Photo'}
      </Typography>
      <List dense disablePadding aria-label="Photo tools">
        <DrawerItem icon={<CropOutlined />} label="Crop" onClick={() => onTool('crop')} />
        <Box component="li" sx={{ display: 'flex', gap: 1, py: 0.5 }}>
          <Button size="small" variant="outlined" startIcon={<RotateLeft />} disabled={!COMMANDS.rotateLeft.enabled(ctx)} onClick={() => COMMANDS.rotateLeft.perform(ctx, actions)} sx={rotateButton}>
            Rotate Left
          </Button>
          <Button size="small" variant="outlined" startIcon={<RotateRight />} disabled={!COMMANDS.rotateRight.enabled(ctx)} onClick={() => COMMANDS.rotateRight.perform(ctx, actions)} sx={rotateButton}>
            Rotate Right
          </Button>
        </Box>
        {!isCover && <DrawerItem icon={<ZoomInOutlined />} label="Customize Zoom" detail={slide.effectId === 5 ? 'Custom zoom set' : undefined} onClick={() => onTool('custom_zoom')} />}
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', pl: 2, py: 0.25 }}>
          <AutoFixHighOutlined sx={{ color: 'action.active', mr: 2 }} />
          <FormControlLabel control={<Switch checked={slide.enhance} disabled={busy} onChange={(e) => actions.enhance([slide.id], e.target.checked)} />} label="Enhance" />
        </Box>
        <DrawerItem icon={<PaletteOutlined />} label="Color Correction" onClick={() => onTool('color')} />
        <DrawerItem icon={<HealingOutlined />} label="Blemish Concealer" onClick={() => onTool('blemishes')} />
        <DrawerItem icon={<RemoveRedEyeOutlined />} label="Red Eye Removal" onClick={() => onTool('redeyes')} />
        <DrawerItem icon={<StraightenOutlined />} label="Straighten" onClick={() => onTool('straighten')} />
        <DrawerItem icon={<DownloadOutlined />} label="Download to Edit" onClick={() => onDialog('download')} />
        {slide.hasBeenEdited && <DrawerItem icon={<UndoOutlined />} label="Undo All Changes" disabled={busy} onClick={onRevert} />}
        <DrawerItem icon={<PlayCircleOutlined />} label="Preview" onClick={() => onDialog('preview')} />
        <DrawerItem icon={<DeleteOutlined />} label="Delete" disabled={!COMMANDS.delete.enabled(ctx)} onClick={onDelete} />
        <DrawerItem icon={<SubtitlesOutlined />} label="Caption" detail={slide.slideCaption.trim() || undefined} onClick={() => onDialog('caption')} />
        <DrawerItem icon={<TimerOutlined />} label="Slide Time" detail={slideTimeLabel(slide.slideTime, slide.userSetSlideTime)} onClick={() => onDialog('slideTime')} />
        {!isCover && choosers}
      </List>
    </Box>
  );
}
