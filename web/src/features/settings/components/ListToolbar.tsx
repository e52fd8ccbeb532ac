import { Stack } from '@mui/material';
import type { ReactNode } from 'react';

/** The row of search field and filters above a list; it wraps on narrow screens. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: { sm: 'center' } }}>
      {children}
    </Stack>
  );
}
