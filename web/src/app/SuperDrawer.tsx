import { Box, Drawer, Typography } from '@mui/material';
import type { Navbar } from '../api/index.ts';
import { DRAWER_WIDTH, DrawerLinks } from './NavDrawer.tsx';
import { visibleLinks } from './nav-links.ts';
import { SUPER_LINKS } from './super-links.ts';

/** The administration links of super users, from the right. */
export function SuperDrawer({ open, navbar, onClose }: { open: boolean; navbar: Navbar; onClose: () => void }) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Administration menu', sx: { width: DRAWER_WIDTH, maxWidth: '100vw' } } }}>
      <Box sx={{ px: 2.5, py: 2, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
        <Typography component="p" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
          Administration
        </Typography>
      </Box>
      <DrawerLinks links={visibleLinks(SUPER_LINKS, navbar)} label="Administration" onNavigate={onClose} />
    </Drawer>
  );
}
