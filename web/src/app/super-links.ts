import {
  AssignmentLate,
  BarChart,
  Business,
  CorporateFare,
  Feed,
  Handshake,
  Inventory2,
  Language,
  LibraryMusic,
  Movie,
  Outbox,
  Palette,
  Payments,
  People,
  PrecisionManufacturing,
  Print,
  RequestQuote,
  Sell,
  SettingsRemote,
  TextSnippet,
  Theaters,
} from '@mui/icons-material';
import type { NavLink } from './nav-links.ts';

// Apart from nav-links.ts, which the top bar of every page loads (the sign-in page too): these twenty icons come only
// with the super drawer's own chunk.
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
  { href: '/settings/obituaries', label: 'Obituary Import', icon: Feed },
];

