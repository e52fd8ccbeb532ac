import { Edit, Palette } from '@mui/icons-material';
import { Box, Button, Paper, Typography } from '@mui/material';
import type { ThemeList } from '../../api/index.ts';
import { chosenTheme, showsEditCustomTheme } from './theme-artwork.ts';

interface Props {
  list: ThemeList | undefined;
  themeId: number;
  customThemeId: number | null;
  videoId: number | null;
  readOnly: boolean;
  /** A family on the upload link: no custom theme editor, and artwork it may load. */
  isAnonymous: boolean;
  /** The organization's showArtwork flag (spec 1, section 2.2): without it the card names the theme only. */
  showArtwork: boolean;
  onChoose(): void;
  onEditCustom(): void;
}

/** The theme button(s) and the artwork preview: the chosen theme's poster (spec 1, section 2.2). */
export function ThemeCard({ list, themeId, customThemeId, videoId, readOnly, isAnonymous, showArtwork, onChoose, onEditCustom }: Props) {
  const chosen = chosenTheme(list, { themeId, customThemeId }, videoId, isAnonymous);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="theme-title" sx={{ p: 2 }}>
      <Typography id="theme-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        Theme
      </Typography>
      {!showArtwork ? null : chosen?.poster ? (
        <Box component="img" src={chosen.poster} alt={`Artwork preview: ${chosen.label}`} data-testid="artwork-preview" sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block', borderRadius: 1.5, bgcolor: 'grey.200' }} />
      ) : (
        <Box sx={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 1.5, bgcolor: 'grey.100', border: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
          <Typography variant="body2">{chosen ? 'No artwork yet' : 'No theme chosen yet'}</Typography>
        </Box>
      )}
      <Typography data-testid="current-theme" sx={{ mt: showArtwork ? 1.5 : 0, fontWeight: 600 }}>
        {chosen?.label ?? 'No theme'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<Palette />} disabled={readOnly} onClick={onChoose}>
          {chosen ? 'Change Theme' : 'Choose Theme'}
        </Button>
        {showsEditCustomTheme(customThemeId, isAnonymous) && (
          <Button variant="outlined" startIcon={<Edit />} disabled={readOnly} onClick={onEditCustom}>
            Edit Custom Theme
          </Button>
        )}
      </Box>
    </Paper>
  );
}
