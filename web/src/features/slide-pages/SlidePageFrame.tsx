import { ArrowBack } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'wouter';

interface Props {
  title: string;
  backHref: string;
  /** What the back link says; the pages opened from the Slides step go back there. */
  backLabel?: string;
  actions?: ReactNode;
  loading: boolean;
  error: string | null;
  onClick?(event: MouseEvent): void;
  children: ReactNode;
}

/** The frame of the slide side pages: a back link to the Slides step, a heading with actions, the content. */
export function SlidePageFrame({ title, backHref, backLabel = 'Back to Slides', actions, loading, error, onClick, children }: Props) {
  return (
    <Box onClick={onClick} sx={{ maxWidth: 1000, mx: 'auto', px: { xs: 1, sm: 2 }, py: { xs: 2, sm: 3 }, minHeight: '70vh' }}>
      <Button component={Link} href={backHref} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {backLabel}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="h1" sx={{ flexGrow: 1, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress aria-label="Loading slides" />
        </Box>
      ) : (
        children
      )}
    </Box>
  );
}
