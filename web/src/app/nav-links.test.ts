import assert from 'node:assert/strict';
import type { Navbar } from '../api/index.ts';
import { GUEST_LINKS, MENU_LINKS, visibleLinks } from './nav-links.ts';
import { SUPER_LINKS } from './super-links.ts';
import { ROUTES } from './routes.ts';

/** Spec 1 section 2.10: the super drawer's nineteen pages, in its order. */
const SPEC_SUPER_DRAWER = [
  '/settings/partners', '/settings/corporations', '/settings/organizations', '/settings/brands', '/settings/users', '/settings/videos',
  '/settings/order_details', '/settings/silks', '/settings/stock_texts', '/settings/stock_songs', '/settings/stock_videos', '/settings/themes',
  '/settings/tax_certificates', '/statistics/sales_main', '/statistics/production', '/user_reports/overdue_statements', '/billing/print_invoices',
  '/reports/affiliate_index', '/reports/collections',
];

describe('drawer links', () => {
  it('lists every page of the spec’s super drawer in its order (the outbox and the obituary import, ours, last)', () => {
    assert.deepEqual(SUPER_LINKS.map((l) => l.href), [...SPEC_SUPER_DRAWER, '/settings/outbox', '/settings/obituaries']);
  });

  it('never points at a page the app does not have', () => {
    const pages = new Set(ROUTES.map((r) => r.path).filter((p): p is string => typeof p === 'string'));
    for (const link of [...GUEST_LINKS, ...MENU_LINKS, ...SUPER_LINKS]) assert.ok(pages.has(link.href), `${link.href} is a route`);
    for (const link of SUPER_LINKS) assert.equal(ROUTES.find((r) => r.path === link.href)?.audience, 'super', `${link.href} is for super users`);
  });

  it('shows Billing (/reports/statement_history) after Service of Remembrance only when the billing flag is on', () => {
    const hrefs = (billing: boolean) => visibleLinks(MENU_LINKS, { billing } as Navbar).map((l) => l.href);
    assert.deepEqual(hrefs(true), ['/dashboard', '/videos', '/organizations/account_settings', '/sor', '/reports/statement_history']);
    assert.deepEqual(hrefs(false), ['/dashboard', '/videos', '/organizations/account_settings', '/sor']);
    assert.equal(MENU_LINKS.find((l) => l.href === '/reports/statement_history')?.label, 'Billing');
  });
});
