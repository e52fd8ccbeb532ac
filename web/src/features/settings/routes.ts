import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

export const SETTINGS_ROUTES: PageRoute[] = [
  { path: '/settings/partners', title: 'Partners', audience: 'super', component: lazyPage(() => import('./partners/PartnersPage.tsx'), 'PartnersPage') },
  { path: '/settings/corporations', title: 'Corporations', audience: 'super', component: lazyPage(() => import('./corporations/CorporationsPage.tsx'), 'CorporationsPage') },
  { path: '/settings/organizations', title: 'Organizations', audience: 'super', component: lazyPage(() => import('./organizations/OrganizationsPage.tsx'), 'OrganizationsPage') },
  { path: '/settings/brands', title: 'Brands', audience: 'super', component: lazyPage(() => import('./brands/BrandsPage.tsx'), 'BrandsPage') },
  { path: '/settings/users', title: 'Users', audience: 'super', component: lazyPage(() => import('./users/UsersPage.tsx'), 'UsersPage') },
  { path: '/settings/users/:userId', title: 'User', audience: 'super', component: lazyPage(() => import('./users/UserPage.tsx'), 'UserPage') },
  { path: '/settings/videos', title: 'Videos', audience: 'super', component: lazyPage(() => import('./videos/VideosPage.tsx'), 'VideosPage') },
  { path: '/settings/order_details', title: 'Order Details', audience: 'super', component: lazyPage(() => import('./order-details/OrderDetailsPage.tsx'), 'OrderDetailsPage') },
  { path: '/settings/obituaries', title: 'Obituary Import', audience: 'super', component: lazyPage(() => import('./obituaries/ObituaryImportPage.tsx'), 'ObituaryImportPage') },
  { path: '/settings/silks', title: 'Direct Delivery Devices', audience: 'super', component: lazyPage(() => import('./silks/SilksPage.tsx'), 'SilksPage') },
  { path: '/settings/stock_texts', title: 'Stock Texts', audience: 'super', component: lazyPage(() => import('./stock-texts/StockTextsPage.tsx'), 'StockTextsPage') },
  { path: '/settings/stock_videos', title: 'Stock Videos', audience: 'super', component: lazyPage(() => import('./stock-videos/StockVideosPage.tsx'), 'StockVideosPage') },
  { path: '/settings/themes', title: 'Themes', audience: 'super', component: lazyPage(() => import('./themes/ThemesPage.tsx'), 'ThemesPage') },
  { path: '/settings/tax_certificates', title: 'Tax Certificates', audience: 'super', component: lazyPage(() => import('./tax-certificates/TaxCertificatesPage.tsx'), 'TaxCertificatesPage') },
];
