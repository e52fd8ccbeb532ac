import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Grid, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { saveSlide, type Slide, type SlideListMeta, type VideoRef } from '../../../api/index.ts';
import { clearCustomZoom } from '../../../api/stock-slides.ts';
import { AUTOMATIC, CHOOSER_TITLES, choiceAttributes, choiceChanges, chooserTargets, hasCustomZoom, initialChoice, type ChooserType } from './chooser.ts';
import { LookTile, type LookTileData } from './LookTile.tsx';
import { lookTiles } from './look-tiles.ts';

export interface ChooserDialogProps {
  open: boolean;
  type: ChooserType;
  videoRef: VideoRef;
  meta: SlideListMeta;
  /** The chosen slides; the choice applies to each of them except the cover photo. */
  slides: readonly Slide[];
  coverId: number | null;
  onClose(): void;
  /** The slides as the server saved them (also after 'Remove custom zoom'). */
  onSaved(updated: Slide[]): void;
  /**
   * Text slides are updated locally and saved later (spec 2 "Chooser"): when given, the text slides among the
   * targets are handed here with the changed attributes instead of being sent.
   */
  onTextSlides?(ids: number[], attributes: Partial<Slide>): void;
}

/** 'Choose {Transition|Effect|Overlay|Border}' (spec 2 "Tool dialogs"): Automatic first, double click saves. */
export function ChooserDialog({ open, type, videoRef, meta, slides, coverId, onClose, onSaved, onTextSlides }: ChooserDialogProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const targets = useMemo(() => chooserTargets(slides, coverId), [slides, coverId]);
  const [choice, setChoice] = useState(() => initialChoice(targets, type));
  const [hovered, setHovered] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const zoomed = type === 'effect' ? targets.filter(hasCustomZoom) : [];

  // A reopened chooser starts from the slides' current choice.
  useEffect(() => {
    if (open) setChoice(initialChoice(targets, type));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when it opens or its type changes
  }, [open, type]);

  const tiles: LookTileData[] = useMemo(() => [{ id: AUTOMATIC, label: 'Automatic', posterUrl: null, previewUrl: null }, ...lookTiles(meta, type)], [meta, type]);

  async function save(id: number) {
    if (saving) return;
    if (!choiceChanges(targets, type, id)) {
      onClose();
      return;
    }
    const attributes = choiceAttributes(type, id) as Partial<Slide>;
    const text = onTextSlides ? targets.filter((s) => s.isText) : [];
    const sent = targets.filter((s) => !text.includes(s));
    if (text.length) onTextSlides?.(text.map((s) => s.id), attributes);
    setSaving(true);
    try {
      const replies = await Promise.all(sent.map((s) => saveSlide(videoRef, { slideId: s.id, [`${type}Id`]: id })));
      onSaved(replies.map((r) => r.slide));
      onClose();
    } catch {
      // The call has shown its message; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  }

  async function removeCustomZoom() {
    setSaving(true);
    try {
      await Promise.all(zoomed.map((s) => clearCustomZoom(videoRef, s.id)));
      onSaved(zoomed.map((s) => ({ ...s, effectId: AUTOMATIC, userSetEffect: false, effectData: null })));
    } catch {
      // Shown by the call.
    } finally {
      setSaving(false);
    }
  }

  const titleId = `chooser-${type}-title`;
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={narrow}>
      <DialogTitle id={titleId}>{CHOOSER_TITLES[type]}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 300 }}>
        {zoomed.length > 0 ? (
          <Alert
            severity="info"
            action={
              <Button color="inherit" onClick={() => void removeCustomZoom()} disabled={saving}>
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
                  onDoubleClick={() => void save(tile.id)}
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
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        {zoomed.length === 0 && (
          <Button variant="contained" onClick={() => void save(choice)} disabled={saving}>
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
