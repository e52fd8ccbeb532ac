import { Edit, Palette } from '@mui/icons-material';
import { Box, Button, Paper, Typography } from '@mui/material';
import type { ThemeList } from '../../api/index.ts';
import { themeLabel } from '../themes/index.ts';

interface Props {
  list: ThemeList | undefined;
  themeId: number;
  customThemeId: number | null;
  videoId: number | null;
  readOnly: boolean;
  onChoose(): void;
  onEditCustom(): void;
}

function chosenTheme(list: ThemeList | undefined, themeId: number, customThemeId: number | null, videoId: number | null) {
  if (customThemeId) {
    const custom = list?.customThemes.find((t) => t.id === customThemeId);
    const own = `/custom_themes/${customThemeId}/preview.jpg${videoId ? `?video_id=${videoId}` : ''}`;
    return { label: themeLabel(custom ?? { id: customThemeId, themeTitle: null, custom: true }), poster: custom?.posterUrl ?? own };
  }
  if (!themeId) return null;
  const theme = list?.themes.find((t) => t.id === themeId);
  return { label: themeLabel(theme ?? { id: themeId, themeTitle: null, custom: false }), poster: theme?.posterUrl ?? theme?.thumbnailUrl ?? null };
}

/** The theme button(s) and the artwork preview: the chosen theme's poster (spec 1, section 2.2). */
export function ThemeCard({ list, themeId, customThemeId, videoId, readOnly, onChoose, onEditCustom }: Props) {
  const chosen = chosenTheme(list, themeId, customThemeId, videoId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="theme-title" sx={{ p: 2 }}>
      <Typography id="theme-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        Theme
      </Typography>
      {chosen?.poster ? (
        <Box component="img" src={chosen.poster} alt={`Artwork preview: ${chosen.label}`} data-testid="artwork-preview" sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block', borderRadius: 1.5, bgcolor: 'grey.200' }} />
      ) : (
        <Box sx={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 1.5, bgcolor: 'grey.100', border: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
          <Typography variant="body2">{chosen ? 'No artwork yet' : 'No theme chosen yet'}</Typography>
        </Box>
      )}
      <Typography data-testid="current-theme" sx={{ mt: 1.5, fontWeight: 600 }}>
        {chosen?.label ?? 'No theme'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<Palette />} disabled={readOnly} onClick={onChoose}>
          {chosen ? 'Change Theme' : 'Choose Theme'}
        </Button>
        {customThemeId && (
          <Button variant="outlined" startIcon={<Edit />} disabled={readOnly} onClick={onEditCustom}>
            Edit Custom Theme
          </Button>
        )}
      </Box>
    </Paper>
  );
}
