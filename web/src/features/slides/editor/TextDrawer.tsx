import { DeleteOutlined, LibraryBooksOutlined, PlayCircleOutlined, ReplayOutlined, TimerOutlined } from '@mui/icons-material';
import { Box, Button, List, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { SlideListMeta, VideoRef } from '../../../api/index.ts';
import { PreviousCaptionsDialog } from '../stock/PreviousCaptionsDialog.tsx';
import { StockTextDialog } from '../stock/StockTextDialog.tsx';
import { DrawerItem } from './DrawerItem.tsx';
import { FontPicker } from './FontPicker.tsx';
import type { TextFields } from './useTextEdits.ts';
import { TEXT_SIZE_HINT, TEXT_SIZE_MAX, TEXT_SIZE_MIN } from '../../../../../common/text-size.ts';

interface Props {
  videoRef: VideoRef;
  meta: SlideListMeta;
  /** The heading's id, which labels the dialog. */
  titleId: string;
  draft: TextFields;
  sizeError: boolean;
  onChange(patch: Partial<TextFields>): void;
  /** Delete is disabled for an unsaved slide (spec 2) and while the slide is busy. */
  canDelete: boolean;
  onDelete(): void;
  onPreview(): void;
  slideTime: { label: string; disabled: boolean; onOpen(): void };
  /** The transition chooser's drawer item. */
  choosers: ReactNode;
  /** The new slide's text takes the focus as the drawer opens. */
  autoFocus?: boolean;
  /** A line under the fields (the new slide says when it is added). */
  note?: string;
}

/**
 * Spec 2 "Text slide drawer", for a saved text slide and for the new one (/new_text) alike: Text Library, Reuse Text
 * ('Choose Text'), Preview, Delete, the 4-row Text, the font menu (Text Size and the font picker drawn in each
 * font), Text Background, Slide Time and the transition chooser.
 */
export function TextDrawer({ videoRef, meta, titleId, draft, sizeError, onChange, canDelete, onDelete, onPreview, slideTime, choosers, autoFocus, note }: Props) {
  const [library, setLibrary] = useState<'stock' | 'previous' | null>(null);
  const use = (text: string) => onChange({ caption: text });
  return (
    <Box>
      <Typography id={titleId} variant="h2" component="h2" sx={{ mb: 1 }}>
        Text Slide
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Button variant="outlined" size="small" startIcon={<LibraryBooksOutlined />} onClick={() => setLibrary('stock')}>
          Text Library
        </Button>
        <Button variant="outlined" size="small" startIcon={<ReplayOutlined />} onClick={() => setLibrary('previous')}>
          Reuse Text
        </Button>
      </Box>
      <StockTextDialog open={library === 'stock'} onClose={() => setLibrary(null)} onUse={use} />
      <PreviousCaptionsDialog open={library === 'previous'} videoRef={videoRef} onClose={() => setLibrary(null)} onUse={use} />
      <List dense disablePadding aria-label="Text slide actions">
        <DrawerItem icon={<PlayCircleOutlined />} label="Preview" onClick={onPreview} />
        <DrawerItem icon={<DeleteOutlined />} label="Delete" disabled={!canDelete} onClick={onDelete} />
      </List>
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField label="Text" multiline rows={4} autoFocus={autoFocus} value={draft.caption} onChange={(e) => use(e.target.value)} fullWidth />
        <Stack spacing={2} role="group" aria-label="Font menu">
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
        </Stack>
        <TextField select label="Text Background" value={draft.background} onChange={(e) => onChange({ background: Number(e.target.value) })}>
          {meta.backgroundOptions.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <List dense disablePadding aria-label="Text slide tools" sx={{ mt: 1 }}>
        <DrawerItem icon={<TimerOutlined />} label="Slide Time" detail={slideTime.label} disabled={slideTime.disabled} onClick={slideTime.onOpen} />
        {choosers}
      </List>
      {note && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {note}
        </Typography>
      )}
    </Box>
  );
}
