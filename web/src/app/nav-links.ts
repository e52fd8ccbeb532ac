import { AccountCircle, Dashboard, LocalFlorist, Login, Logout, PersonAdd, ReceiptLong, VideoLibrary } from '@mui/icons-material';
import type SvgIcon from '@mui/material/SvgIcon';
import type { Navbar } from '../api/index.ts';

export interface NavLink {
  href: string;
  label: string;
  icon: typeof SvgIcon;
  /** Shown only when this holds for the caller's navbar flags. */
  when?: (navbar: Navbar) => boolean;
}

export const SUPPORT_EMAIL = 'support@example.com';

export const GUEST_LINKS: NavLink[] = [
  { href: '/users/login', label: 'Log In', icon: Login },
  { href: '/users/register', label: 'Register', icon: PersonAdd },
];

/** The menu part of the signed-in drawer (spec 1, 2.10), in the spec's order; Billing only when the billing flag is on. */
export const MENU_LINKS: NavLink[] = [
  { href: '/dashboard', label: 'Dashboard', icon: Dashboard },
  { href: '/videos', label: 'Videos', icon: VideoLibrary },
  { href: '/organizations/account_settings', label: 'Account Settings', icon: AccountCircle },
  { href: '/sor', label: 'Create Service of Remembrance', icon: LocalFlorist },
  { href: '/reports/statement_history', label: 'Billing', icon: ReceiptLong, when: (n) => n.billing },
];

export const LOGOUT_LINK: NavLink = { href: '/users/logout', label: 'Log Out', icon: Logout };


export const visibleLinks = (links: NavLink[], navbar: Navbar): NavLink[] => links.filter((link) => link.when?.(navbar) ?? true);
