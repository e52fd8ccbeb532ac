import { Box, Typography } from '@mui/material';
import { Link } from 'wouter';

/** The product mark (the favicon's candle flame) and name, linking home. */
export function Logo() {
  return (
    <Box
      component={Link}
      href="/"
      aria-label="Tribute Videos home"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 2, flexShrink: 0 }}
    >
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#f4efe6" fillOpacity="0.16" />
        <path d="M32 14c-7 0-12 5-12 12 0 9 12 22 12 22s12-13 12-22c0-7-5-12-12-12z" fill="#f4efe6" />
        <circle cx="32" cy="26" r="5" fill="#c9a46a" />
      </svg>
      <Typography component="span" sx={{ fontFamily: 'Georgia, "Times New Roman", serif', fontSize: '1.2rem', letterSpacing: 0.3 }}>
        Tribute Videos
      </Typography>
    </Box>
  );
}
