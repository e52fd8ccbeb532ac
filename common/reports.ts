/**
 * The super drawer's statistics and report pages (spec 1 section 2.10), in the spec's order: their addresses,
 * titles, whether they are figures by period, and what each one counts. The server's report definitions and the
 * web pages both read this list, so a page and its call cannot disagree about a name.
 */

export const REPORT_NAMES = ['sales_main', 'production', 'overdue_statements', 'print_invoices', 'affiliate_index', 'collections'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const PERIODS = ['day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

export interface ReportInfo {
  name: ReportName;
  /** The page's address (the drawer's link). */
  path: string;
  title: string;
  /** Figures by day, week or month (with a chart) rather than a plain table. */
  byPeriod: boolean;
  /** The date range a page opens with: the last N days, or null for all time. */
  defaultDays: number | null;
  /** What the dates filter on, shown beside the filters. */
  dateMeaning: string;
  /** The definition shown under the title: what a row counts. */
  about: string;
}

export const REPORTS: readonly ReportInfo[] = [
  {
    name: 'sales_main',
    path: '/statistics/sales_main',
    title: 'Sales',
    byPeriod: true,
    defaultDays: 90,
    dateMeaning: 'Order date',
    about: 'Orders placed, copies sold and revenue (quantity times the unit price each line was sold at) by order date. Cancelled lines count only as cancelled copies.',
  },
  {
    name: 'production',
    path: '/statistics/production',
    title: 'Production',
    byPeriod: true,
    defaultDays: 90,
    dateMeaning: 'Event date',
    about: 'Videos finalized, HD renders completed and failed (with the minutes of video rendered), and copies shipped, each counted on the day it happened.',
  },
  {
    name: 'overdue_statements',
    path: '/user_reports/overdue_statements',
    title: 'Overdue Statements',
    byPeriod: false,
    defaultDays: null,
    dateMeaning: 'Order date',
    about: "One statement per organization of its overdue invoices: orders not yet paid whose due date (the order date plus the order's payment terms) is before today. Cancelled lines are not owed.",
  },
  {
    name: 'print_invoices',
    path: '/billing/print_invoices',
    title: 'Print Invoices',
    byPeriod: false,
    defaultDays: 30,
    dateMeaning: 'Order date',
    about: 'Every order is an invoice numbered by its order number. Open one as a PDF, or print all the invoices shown as one PDF.',
  },
  {
    name: 'affiliate_index',
    path: '/reports/affiliate_index',
    title: 'Affiliate Index',
    byPeriod: false,
    defaultDays: 365,
    dateMeaning: 'Activity date',
    about: 'Figures per partner (the website provider an organization came through): the organizations it referred, and their finalized videos, orders, copies and revenue in the dates chosen.',
  },
  {
    name: 'collections',
    path: '/reports/collections',
    title: 'Collections',
    byPeriod: false,
    defaultDays: 90,
    dateMeaning: 'Payment date',
    about: 'Payments received in the dates chosen, one row per paid invoice, with the amount invoiced and the days it took to be paid.',
  },
];

/** The invoices a page lists at most, newest first (a narrower range shows older ones). */
export const MAX_LISTED_INVOICES = 1000;

export const reportInfo = (name: ReportName): ReportInfo => REPORTS.find((r) => r.name === name)!;

export const isReportName = (value: unknown): value is ReportName => typeof value === 'string' && (REPORT_NAMES as readonly string[]).includes(value);
