import { Box, Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SlideListMeta, VideoRef } from '../../../api/index.ts';
import { fetchLookCustomizations, saveCustomizations } from '../../../api/stock-slides.ts';
import { toggleLook, type ChooserType, type LookType } from './chooser.ts';
import { LookTile } from './LookTile.tsx';
import { lookTiles } from './look-tiles.ts';

export interface CustomizeLookDialogProps {
  open: boolean;
  videoRef: VideoRef;
  meta: SlideListMeta;
  onClose(): void;
}

const TABS: [LookType, string][] = [
  ['transition', 'Transitions'],
  ['effect', 'Effects'],
  ['overlay', 'Overlays'],
  ['border', 'Borders'],
  ['background', 'Background'],
];

type Selection = Record<ChooserType, number[]>;
const idsOf = (map: Record<string, boolean>): number[] => Object.keys(map).filter((k) => map[k]).map(Number).sort((a, b) => a - b);

/**
 * Customize Look (spec 2 "Customize-look dialog", "Look selection"): five tabs of poster tiles; the tile under the
 * pointer or last chosen plays its looping preview. Several transitions, effects, overlays and borders may be
 * selected (never none), exactly one background; every choice saves at once.
 */
export function CustomizeLookDialog({ open, videoRef, meta, onClose }: CustomizeLookDialogProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<LookType>('transition');
  const [selection, setSelection] = useState<Selection | null>(null);
  const [background, setBackground] = useState<number | null>(null);
  const [canRemember, setCanRemember] = useState(false);
  const [remember, setRemember] = useState(false);
  const [hovered, setHovered] = useState<number | null>(null);
  const [lastChosen, setLastChosen] = useState<number | null>(null);
  const saves = useRef(Promise.resolve());

  useEffect(() => {
    if (!open) return;
    let live = true;
    setSelection(null);
    fetchLookCustomizations(videoRef).then(
      (reply) => {
        if (!live) return;
        const c = reply.customizations;
        setSelection({ transition: idsOf(c.transition), effect: idsOf(c.effect), overlay: idsOf(c.overlay), border: idsOf(c.border) });
        setBackground(reply.background);
        setCanRemember(reply.canRemember);
      },
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [open, videoRef, onClose]);

  const tiles = useMemo(() => lookTiles(meta, tab), [meta, tab]);

  // Saves go out one after another, so the last choice is the one that stays.
  function save(next: Selection, nextBackground: number | null, nextRemember: boolean) {
    saves.current = saves.current.then(() => saveCustomizations(videoRef, next, nextBackground, nextRemember).then(() => undefined, () => undefined));
  }

  function choose(id: number) {
    if (!selection) return;
    setLastChosen(id);
    if (tab === 'background') {
      setBackground(id);
      save(selection, id, remember);
      return;
    }
    const next = { ...selection, [tab]: toggleLook(selection[tab], id) };
    setSelection(next);
    save(next, background, remember);
  }

  const isSelected = (id: number) => (tab === 'background' ? background === id : (selection?.[tab].includes(id) ?? false));

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="customize-look-title" maxWidth="md" fullWidth fullScreen={narrow}>
      <DialogTitle id="customize-look-title">Customize Look</DialogTitle>
      <Tabs
        value={tab}
        onChange={(_, value: LookType) => {
          setTab(value);
          setHovered(null);
          setLastChosen(null);
        }}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Look types"
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map(([value, label]) => (
          <Tab key={value} value={value} label={label} id={`look-tab-${value}`} aria-controls="look-tab-panel" />
        ))}
      </Tabs>
      <DialogContent sx={{ minHeight: 300 }} role="tabpanel" id="look-tab-panel" aria-labelledby={`look-tab-${tab}`}>
        {selection === null ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : (
          <Grid container spacing={2}>
            {tiles.map((tile) => (
              <Grid key={`${tab}-${tile.id}`} size={{ xs: 12, sm: 6, md: 4 }}>
                <LookTile
                  tile={tile}
                  selected={isSelected(tile.id)}
                  playing={hovered !== null ? hovered === tile.id : lastChosen === tile.id}
                  onChoose={() => choose(tile.id)}
                  onHover={(on) => setHovered(on ? tile.id : null)}
                />
              </Grid>
            ))}
          </Grid>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', px: 3 }}>
        {canRemember ? (
          <FormControlLabel
            control={
              <Checkbox
                checked={remember}
                onChange={(e) => {
                  setRemember(e.target.checked);
                  if (e.target.checked && selection) save(selection, background, true);
                }}
              />
            }
            label="Also use on future videos"
          />
        ) : (
          <span />
        )}
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
