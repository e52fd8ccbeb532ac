import { DeleteOutlined, PlayCircleOutlined, TimerOutlined } from '@mui/icons-material';
import { Box, List, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { Slide, SlideListMeta } from '../../../api/index.ts';
import { COMMANDS } from '../commands.ts';
import type { EditorDialog, EditorSlots } from './dialogs.ts';
import { DrawerItem } from './DrawerItem.tsx';
import { FontPicker } from './FontPicker.tsx';
import { slideTimeLabel } from './slide-time.ts';
import type { TextFields } from './useTextEdits.ts';
import { TEXT_SIZE_HINT, TEXT_SIZE_MAX, TEXT_SIZE_MIN } from '../../../../../common/text-size.ts';

interface Props {
  slide: Slide;
  meta: SlideListMeta;
  isCover: boolean;
  busy: boolean;
  slots: EditorSlots;
  draft: TextFields;
  sizeError: boolean;
  onChange(patch: Partial<TextFields>): void;
  onDialog(d: EditorDialog): void;
  onDelete(): void;
}

/** Spec 2 "Text slide drawer" for a saved text slide: text, size, font, background, slide time, transition. */
export function TextDrawer({ slide, meta, isCover, busy, slots, draft, sizeError, onChange, onDialog, onDelete }: Props) {
  const ctx = { targets: [slide], busy: new Set(busy ? [slide.id] : []) };
  return (
    <Box>
      <Typography id="slide-view-title" variant="h2" component="h2" sx={{ mb: 1 }}>
        Text Slide
      </Typography>
      <Stack spacing={2}>
        {slots.textSources?.((text) => onChange({ caption: text }))}
        <TextField label="Text" multiline rows={4} value={draft.caption} onChange={(e) => onChange({ caption: e.target.value })} fullWidth />
        <TextField
          label="Text Size"
          type="number"
          value={draft.fontSize}
          onChange={(e) => onChange({ fontSize: e.target.value })}
          error={sizeError}
          helperText={sizeError ? TEXT_SIZE_HINT : undefined}
          slotProps={{ htmlInput: { min: TEXT_SIZE_MIN, max: TEXT_SIZE_MAX, step: 1 } }}
        />
        <FontPicker value={draft.font} fallback="Quicksand-Bold.ttf" onChange={(font) => onChange({ font })} />
        <TextField select label="Text Background" value={draft.background} onChange={(e) => onChange({ background: Number(e.target.value) })}>
          {meta.backgroundOptions.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <List dense disablePadding aria-label="Text slide tools" sx={{ mt: 1 }}>
        <DrawerItem icon={<TimerOutlined />} label="Slide Time" detail={slideTimeLabel(slide.slideTime, slide.userSetSlideTime)} disabled={isCover} onClick={() => onDialog('slideTime')} />
        <DrawerItem icon={<PlayCircleOutlined />} label="Preview" onClick={() => onDialog('preview')} />
        <DrawerItem icon={<DeleteOutlined />} label="Delete" disabled={!COMMANDS.delete.enabled(ctx)} onClick={onDelete} />
      </List>
      {slots.choosers?.(slide, ['transition'])}
    </Box>
  );
}
