import { Box, Typography } from '@mui/material';
import type { ThemeTile } from '../../api/index.ts';
import { themeLabel } from './theme-sort.ts';

const isVideo = (url: string): boolean => /\.(mp4|webm|m4v)(\?|#|$)/i.test(url);

/** The selected theme large: its preview clip when it has one, else its poster. */
export function ThemePreview({ theme }: { theme: ThemeTile }) {
  const label = themeLabel(theme);
  const frame = { width: '100%', aspectRatio: '16 / 9', display: 'block', borderRadius: 2, bgcolor: 'grey.900', objectFit: 'cover' } as const;
  const still = theme.posterUrl ?? (theme.previewUrl && !isVideo(theme.previewUrl) ? theme.previewUrl : null) ?? theme.thumbnailUrl;
  return (
    <Box>
      {theme.previewUrl && isVideo(theme.previewUrl) ? (
        <Box component="video" src={theme.previewUrl} poster={theme.posterUrl ?? undefined} controls muted playsInline aria-label={`Preview of ${label}`} sx={frame} />
      ) : still ? (
        <Box component="img" src={still} alt={`Preview of ${label}`} sx={frame} />
      ) : (
        <Box sx={{ ...frame, bgcolor: 'grey.200' }} />
      )}
      <Typography variant="h3" component="p" sx={{ mt: 1.5 }}>
        {label}
      </Typography>
    </Box>
  );
}
