import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  title?: string;
  actions?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl' | false;
  children: ReactNode;
}

/** The frame of an ordinary page: a heading row with optional actions, then the content. */
export function Page({ title, actions, maxWidth = 'lg', children }: Props) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 3 } }}>
      {(title || actions) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          {title && (
            <Typography variant="h1" component="h1" sx={{ flexGrow: 1, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
              {title}
            </Typography>
          )}
          {actions}
        </Box>
      )}
      {children}
    </Container>
  );
}
