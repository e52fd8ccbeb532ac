import { Close } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, useMediaQuery, type Theme } from '@mui/material';
import { useMemo, useState } from 'react';
import { setThemeFavorite, useThemeList, type ThemeList, type ThemeTile, type VideoRef } from '../../api/index.ts';
import { PreparingNote } from '../../ui/index.ts';
import { pickerSections, tileKey } from './picker-sections.ts';
import { PickerToolbar } from './PickerToolbar.tsx';
import { ThemePreview } from './ThemePreview.tsx';
import { ThemeSections } from './ThemeSections.tsx';
import { useThemeSort } from './useThemeSort.ts';

export interface ThemePickerProps {
  open: boolean;
  userId: number | null;
  videoRef: VideoRef | null;
  current: { themeId: number; customThemeId: number | null };
  isAnonymous: boolean;
  onClose(): void;
  onApply(theme: ThemeTile): void;
  /** A full custom theme on the Custom Theme Base. */
  onCustomTheme(): void;
  /** A custom theme on the selected theme. */
  onCustomize(theme: ThemeTile): void;
  onEditCustom(theme: ThemeTile): void;
  onDeleteCustom(theme: ThemeTile): void;
}

const currentKeyOf = (current: ThemePickerProps['current']): string | null =>
  current.customThemeId ? tileKey({ id: current.customThemeId, custom: true }) : current.themeId ? tileKey({ id: current.themeId, custom: false }) : null;

function findTile(list: ThemeList | undefined, key: string | null): ThemeTile | null {
  if (!list || !key) return null;
  return [...list.themes, ...list.customThemes].find((t) => tileKey(t) === key) ?? null;
}

/** Spec 1, section 2.3: the full-screen theme picker (the setup page's #/themes). */
export function ThemePickerDialog(props: ThemePickerProps) {
  const { open, userId, videoRef, current, isAnonymous, onClose, onApply } = props;
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { list, error, mutate } = useThemeList(userId, videoRef);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useThemeSort();
  const currentKey = currentKeyOf(current);
  const [selectedKey, setSelectedKey] = useState<string | null>(currentKey);
  const [smallPreview, setSmallPreview] = useState(false);
  const sections = useMemo(() => (list ? pickerSections(list, query, sort, isAnonymous) : []), [list, query, sort, isAnonymous]);
  const selected = findTile(list, selectedKey);

  const select = (theme: ThemeTile) => {
    setSelectedKey(tileKey(theme));
    if (small) setSmallPreview(true);
  };
  const apply = (theme: ThemeTile) => {
    setSmallPreview(false);
    onApply(theme);
  };
  const closeSmallPreview = () => {
    setSelectedKey(null);
    setSmallPreview(false);
  };
  async function toggleFavorite(theme: ThemeTile) {
    const favorite = !theme.favorite;
    const flip = (data: ThemeList | undefined) => data && { ...data, themes: data.themes.map((t) => (t.id === theme.id ? { ...t, favorite } : t)) };
    await mutate(flip, { revalidate: false });
    try {
      await setThemeFavorite(theme.id, favorite);
    } catch {
      await mutate();
    }
  }

  const customize = selected && !selected.custom && !isAnonymous ? () => props.onCustomize(selected) : undefined;
  return (
    <>
      <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="theme-picker-title">
        <DialogTitle id="theme-picker-title" sx={{ pr: 7 }}>
          Choose a Theme
        </DialogTitle>
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 10 }}>
          <Close />
        </IconButton>
        <PickerToolbar
          query={query}
          onQuery={setQuery}
          sort={sort}
          onSort={setSort}
          showCustomTheme={!isAnonymous}
          onCustomTheme={props.onCustomTheme}
          canApply={selected !== null}
          onUseTheme={() => selected && apply(selected)}
        />
        <DialogContent dividers sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            {error ? (
              <Alert severity="error">The themes could not be loaded. {error.message}</Alert>
            ) : !list ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
                <CircularProgress aria-label="Loading themes" />
              </Box>
            ) : (
              <>
                <PreparingNote count={list.preparing} one="theme" many="themes" what="their pictures and previews appear as they finish." />
                <ThemeSections
                  sections={sections}
                  selectedKey={selectedKey}
                  currentKey={currentKey}
                  showFavorites={!isAnonymous}
                  onSelect={select}
                  onApply={apply}
                  onFavorite={(theme) => void toggleFavorite(theme)}
                  onEditCustom={props.onEditCustom}
                  onDeleteCustom={props.onDeleteCustom}
                />
              </>
            )}
          </Box>
          {!small && (
            <Box component="aside" aria-label="Selected theme" sx={{ width: 360, flexShrink: 0, position: 'sticky', top: 0 }}>
              {selected ? (
                <>
                  <ThemePreview theme={selected} />
                  <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
                    <Button variant="contained" onClick={() => apply(selected)}>
                      Use Theme
                    </Button>
                    {customize && <Button onClick={customize}>Customize</Button>}
                  </Box>
                </>
              ) : (
                <Box sx={{ color: 'text.secondary', p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>Select a theme to see it here.</Box>
              )}
            </Box>
          )}
        </DialogContent>
      </Dialog>
      {small && selected && (
        <Dialog open={smallPreview} onClose={closeSmallPreview} fullWidth aria-labelledby="theme-preview-title">
          <DialogTitle id="theme-preview-title">Theme Preview</DialogTitle>
          <DialogContent>
            <ThemePreview theme={selected} />
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={closeSmallPreview}>Close</Button>
            {customize && <Button onClick={customize}>Customize</Button>}
            <Button variant="contained" onClick={() => apply(selected)}>
              Use Theme
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
