import { AdminPanelSettings, Menu, SupportAgent, VpnKey } from '@mui/icons-material';
import { AppBar, Button, IconButton, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { Link } from 'wouter';
import { LazyTooltip } from '../ui/LazyTooltip.tsx';
import type { Navbar } from '../api/index.ts';
import { Logo } from './Logo.tsx';
import { SUPPORT_EMAIL } from './nav-links.ts';
import { SearchBox } from './SearchBox.tsx';

interface Props {
  title: string;
  navbar?: Navbar;
  onOpenMenu: () => void;
  onOpenSuper: () => void;
}

/** Spec 1, 2.10: menu button, logo from 600 px, page title, super search from 750 px, Support, switch-back key, super drawer. */
export function TopBar({ title, navbar, onOpenMenu, onOpenSuper }: Props) {
  const showLogo = useMediaQuery('(min-width:600px)', { noSsr: true });
  const showSearch = useMediaQuery('(min-width:750px)', { noSsr: true });
  const isSuper = navbar?.super ?? false;
  return (
    <AppBar position="sticky" elevation={0}>
      <Toolbar sx={{ gap: 0.5 }}>
        <IconButton edge="start" color="inherit" aria-label="Open menu" onClick={onOpenMenu} sx={{ mr: 1 }}>
          <Menu />
        </IconButton>
        {showLogo && <Logo />}
        <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1, minWidth: 0, fontWeight: 500 }}>
          {title || 'Tribute Videos'}
        </Typography>
        {isSuper && showSearch && <SearchBox />}
        {showLogo ? (
          <Button color="inherit" href={`mailto:${SUPPORT_EMAIL}`} startIcon={<SupportAgent />}>
            Support
          </Button>
        ) : (
          <LazyTooltip title="Support">
            <IconButton color="inherit" href={`mailto:${SUPPORT_EMAIL}`} aria-label="Support">
              <SupportAgent />
            </IconButton>
          </LazyTooltip>
        )}
        {navbar?.viaAdmin && (
          <LazyTooltip title="Back to your own account">
            <IconButton color="inherit" component={Link} href="/users/logout/in" aria-label="Back to your own account">
              <VpnKey />
            </IconButton>
          </LazyTooltip>
        )}
        {isSuper && (
          <LazyTooltip title="Administration">
            <IconButton color="inherit" edge="end" aria-label="Open administration menu" onClick={onOpenSuper}>
              <AdminPanelSettings />
            </IconButton>
          </LazyTooltip>
        )}
      </Toolbar>
    </AppBar>
  );
}
