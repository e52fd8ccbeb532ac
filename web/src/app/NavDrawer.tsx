import { Box, CircularProgress, Divider, Drawer, List, ListItemButton, ListItemIcon, ListItemText, Typography, useMediaQuery } from '@mui/material';
import { Link, useLocation } from 'wouter';
import type { Navbar } from '../api/index.ts';
import { GUEST_LINKS, LOGOUT_LINK, MENU_LINKS, visibleLinks, type NavLink } from './nav-links.ts';

export const DRAWER_WIDTH = 300;
export const DRAWER_WIDTH_WITH_MENU = 350;

export function DrawerLinks({ links, label, onNavigate }: { links: NavLink[]; label: string; onNavigate: () => void }) {
  const [location] = useLocation();
  return (
    <List component="nav" aria-label={label}>
      {links.map(({ href, label: text, icon: Icon }) => (
        <ListItemButton key={href} component={Link} href={href} selected={location === href} onClick={onNavigate}>
          <ListItemIcon>
            <Icon />
          </ListItemIcon>
          <ListItemText primary={text} />
        </ListItemButton>
      ))}
    </List>
  );
}

interface Props {
  open: boolean;
  navbar?: Navbar;
  onClose: () => void;
}

/** The left drawer: log in and register for guests; the menu (when the organization has it) and log out for users. */
export function NavDrawer({ open, navbar, onClose }: Props) {
  const roomy = useMediaQuery('(min-width:401px)', { noSsr: true });
  const width = navbar?.loggedIn && navbar.menu && roomy ? DRAWER_WIDTH_WITH_MENU : DRAWER_WIDTH;
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Menu', sx: { width, maxWidth: '100vw' } } }}>
      <Box sx={{ px: 2.5, py: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Typography component="p" sx={{ fontFamily: 'Georgia, "Times New Roman", serif', fontSize: '1.25rem' }}>
          Tribute Videos
        </Typography>
        {navbar?.organizationName && (
          <Typography variant="body2" sx={{ opacity: 0.85 }} noWrap>
            {navbar.organizationName}
          </Typography>
        )}
      </Box>
      {!navbar ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label="Loading" size={28} />
        </Box>
      ) : navbar.loggedIn ? (
        <>
          {navbar.menu && (
            <>
              <DrawerLinks links={visibleLinks(MENU_LINKS, navbar)} label="Main menu" onNavigate={onClose} />
              <Divider />
            </>
          )}
          <DrawerLinks links={[LOGOUT_LINK]} label="Account" onNavigate={onClose} />
        </>
      ) : (
        <DrawerLinks links={GUEST_LINKS} label="Main menu" onNavigate={onClose} />
      )}
    </Drawer>
  );
}
