import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  id: string;
  title: string;
  action?: ReactNode;
  /** The scroll area's height (spec 1, 9: videos 674, orders 610). */
  height: number;
  /** Nothing when there is nothing to say or to load. */
  footer?: ReactNode;
  children: ReactNode;
}

/** One dashboard column: a heading with its action, a scroll area, and the paging footer. */
export function DashboardColumn({ id, title, action, height, footer, children }: Props) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', minHeight: 64 }}>
        <Typography id={id} variant="h2" sx={{ flexGrow: 1, fontSize: '1.2rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {/* Keyboard users scroll it too: it is a focusable region named after its column. */}
      <Box tabIndex={0} role="region" aria-label={title} sx={{ maxHeight: height, overflowY: 'auto', '& > ul > li:last-child > *': { borderBottom: 0 }, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}>
        {children}
      </Box>
      {footer && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, px: 2, py: 1.5, minHeight: 56, borderTop: 1, borderColor: 'divider' }}>
          {footer}
        </Box>
      )}
    </Paper>
  );
}

/** The footer line: a state message, or the paging buttons. */
export function ColumnMessage({ children }: { children: ReactNode }) {
  return (
    <Typography role="status" color="text.secondary">
      {children}
    </Typography>
  );
}
