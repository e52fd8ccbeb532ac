import { Box, Container, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  intro?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

/** The calm, centred card every sign-in page sits in. */
export function AuthCard({ title, intro, footer, children }: Props) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 }, px: { xs: 2, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, mx: 'auto' }}>
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: intro ? 1 : 3 }}>
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Paper>
      {footer && (
        <Box sx={{ textAlign: 'center', mt: 3, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'center' }}>{footer}</Box>
      )}
    </Container>
  );
}
