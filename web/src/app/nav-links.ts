import {
  AccountCircle,
  Business,
  Dashboard,
  LibraryMusic,
  LocalFlorist,
  Login,
  Logout,
  Movie,
  Outbox,
  People,
  PersonAdd,
  Sell,
  VideoLibrary,
} from '@mui/icons-material';
// The statistics and reports links (issue 16), imported apart so other pages' icon lines stay untouched.
import { AssignmentLate, BarChart, Handshake, Payments, PrecisionManufacturing, Print } from '@mui/icons-material';
// The partners, corporations, order details and tax certificates links (issue 16's admin scaffold).
import { CorporateFare, Inventory2, Language, RequestQuote } from '@mui/icons-material';
// The Direct Delivery devices link (issue 16).
import { SettingsRemote } from '@mui/icons-material';
// The stock texts, stock videos and themes links (issue 16).
import { Palette, TextSnippet, Theaters } from '@mui/icons-material';
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

/**
 * The menu part of the signed-in drawer (spec 1, 2.10), in the spec's order. A page joins with its line when it
 * exists: /reports/statement_history ('Billing', when: (n) => n.billing) after Service of Remembrance.
 */
export const MENU_LINKS: NavLink[] = [
  { href: '/dashboard', label: 'Dashboard', icon: Dashboard },
  { href: '/videos', label: 'Videos', icon: VideoLibrary },
  { href: '/organizations/account_settings', label: 'Account Settings', icon: AccountCircle },
  { href: '/sor', label: 'Create Service of Remembrance', icon: LocalFlorist },
];

export const LOGOUT_LINK: NavLink = { href: '/users/logout', label: 'Log Out', icon: Logout };

/** The super drawer in the spec's order, listing the administration pages that exist. */
export const SUPER_LINKS: NavLink[] = [
  { href: '/settings/partners', label: 'Partners', icon: Language },
  { href: '/settings/corporations', label: 'Corporations', icon: CorporateFare },
  { href: '/settings/organizations', label: 'Organizations', icon: Business },
  { href: '/settings/brands', label: 'Brands', icon: Sell },
  { href: '/settings/users', label: 'Users', icon: People },
  { href: '/settings/videos', label: 'Videos', icon: Movie },
  { href: '/settings/order_details', label: 'Order Details', icon: Inventory2 },
  { href: '/settings/silks', label: 'Direct Delivery', icon: SettingsRemote },
  { href: '/settings/stock_texts', label: 'Stock Texts', icon: TextSnippet },
  { href: '/settings/stock_songs', label: 'Stock Songs', icon: LibraryMusic },
  { href: '/settings/stock_videos', label: 'Stock Videos', icon: Theaters },
  { href: '/settings/themes', label: 'Themes', icon: Palette },
  { href: '/settings/tax_certificates', label: 'Tax Certificates', icon: RequestQuote },
  { href: '/statistics/sales_main', label: 'Sales', icon: BarChart },
  { href: '/statistics/production', label: 'Production', icon: PrecisionManufacturing },
  { href: '/user_reports/overdue_statements', label: 'Overdue Statements', icon: AssignmentLate },
  { href: '/billing/print_invoices', label: 'Print Invoices', icon: Print },
  { href: '/reports/affiliate_index', label: 'Affiliate Index', icon: Handshake },
  { href: '/reports/collections', label: 'Collections', icon: Payments },
  { href: '/settings/outbox', label: 'Outbox', icon: Outbox },
];

export const visibleLinks = (links: NavLink[], navbar: Navbar): NavLink[] => links.filter((link) => link.when?.(navbar) ?? true);
