import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Grid, useMediaQuery, useTheme } from '@mui/material';
import { useMemo, useState } from 'react';
import type { SlideListMeta } from '../../../api/index.ts';
import { AUTOMATIC, CHOOSER_TITLES, type ChooserType } from './chooser.ts';
import { LookTile, type LookTileData } from './LookTile.tsx';
import { lookTiles } from './look-tiles.ts';

export interface ChooserDialogProps {
  type: ChooserType;
  meta: SlideListMeta;
  /** The tile selected as the dialog opens: the slides' current choice. */
  initial: number;
  /** Set when a chosen photo has a custom zoom (effect chooser only): its notice and button replace the tiles. */
  onRemoveCustomZoom?: () => Promise<void>;
  /** Saves a changed choice; a rejection (the call showed its message) keeps the dialog open to try again. */
  onSave(id: number): Promise<void>;
  onClose(): void;
}

/**
 * 'Choose {Transition|Effect|Overlay|Border}' (spec 2 "Tool dialogs", section 4 "Chooser"): Automatic first, a
 * double click saves, and closing by any way (Save, Esc, a click outside) saves a changed choice.
 */
export function ChooserDialog({ type, meta, initial, onRemoveCustomZoom, onSave, onClose }: ChooserDialogProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [choice, setChoice] = useState(initial);
  const [hovered, setHovered] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  const tiles: LookTileData[] = useMemo(() => [{ id: AUTOMATIC, label: 'Automatic', posterUrl: null, previewUrl: null }, ...lookTiles(meta, type)], [meta, type]);

  async function run(work: () => Promise<void>, closeAfter: boolean) {
    if (saving) return;
    setSaving(true);
    try {
      await work();
      if (closeAfter) onClose();
    } catch {
      // The call has shown its message; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  }

  /** Closing without a change just closes. */
  const close = (id = choice) => (id === initial ? onClose() : void run(() => onSave(id), true));

  const titleId = `chooser-${type}-title`;
  return (
    <Dialog open onClose={() => close()} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={narrow}>
      <DialogTitle id={titleId}>{CHOOSER_TITLES[type]}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 300 }}>
        {onRemoveCustomZoom ? (
          <Alert
            severity="info"
            action={
              <Button color="inherit" onClick={() => void run(onRemoveCustomZoom, false)} disabled={saving}>
                Remove custom zoom
              </Button>
            }
          >
            A custom zoom is set on this photo
          </Alert>
        ) : (
          <Grid container spacing={2} role="group" aria-label={CHOOSER_TITLES[type]}>
            {tiles.map((tile) => (
              <Grid key={tile.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <LookTile
                  tile={tile}
                  selected={tile.id === choice}
                  playing={hovered === null ? tile.id === choice : tile.id === hovered}
                  onChoose={() => setChoice(tile.id)}
                  onDoubleClick={() => {
                    setChoice(tile.id);
                    close(tile.id);
                  }}
                  onHover={(on) => setHovered(on ? tile.id : null)}
                />
              </Grid>
            ))}
          </Grid>
        )}
      </DialogContent>
      <DialogActions>
        {saving && <CircularProgress size={24} aria-label="Saving" />}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={() => close()} disabled={saving}>
          {onRemoveCustomZoom ? 'Close' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
