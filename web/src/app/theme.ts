import { createTheme } from '@mui/material/styles';

/** Calm, warm palette: the product is used in a hard week; nothing loud. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#3f5a6b', contrastText: '#ffffff' },
    secondary: { main: '#8a6a3b', contrastText: '#ffffff' },
    background: { default: '#f6f3ee', paper: '#ffffff' },
    text: { primary: '#23313a', secondary: '#55646d' },
    error: { main: '#b3261e' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 600 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiTooltip: { defaultProps: { enterDelay: 800, leaveDelay: 50 } },
  },
});
