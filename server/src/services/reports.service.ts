import { MAX_LISTED_INVOICES, reportInfo, type Period, type ReportName } from '../../../common/reports.ts';
import type { PeriodCounts, ReportsRepository } from '../repositories/reports.repository.ts';
import type { WireReport, WireReportCell, WireReportColumn, WireReportKind } from '../wire/reports.ts';
import { periodStarts, type ReportFilters } from './report-filters.ts';

/** A column of a report, with how its totals line adds it up (none: left blank). */
interface Column extends WireReportColumn {
  total?: 'sum' | 'max' | 'min';
}

const col = (key: string, label: string, kind: WireReportKind, total?: Column['total']): Column => ({ key, label, kind, total });

export interface ReportTable {
  columns: Column[];
  rows: WireReportCell[][];
}

const isoDay = (date: Date | null): string | null => (date ? new Date(date).toISOString().slice(0, 10) : null);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The totals line: 'Total' first, then each column added up as it says (sum, or the largest or smallest). */
function totalsOf({ columns, rows }: ReportTable): WireReportCell[] {
  return columns.map((c, i) => {
    if (i === 0) return 'Total';
    const values = rows.map((r) => r[i]).filter((v): v is number | string => v !== null);
    if (!c.total || values.length === 0) return null;
    if (c.total === 'sum') return c.kind === 'decimal' ? round1(values.reduce<number>((a, v) => a + Number(v), 0)) : values.reduce<number>((a, v) => a + Number(v), 0);
    const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return c.total === 'max' ? sorted[sorted.length - 1] : sorted[0];
  });
}

/** Figures by period as rows: one per period of the range, in order, zero where nothing happened. */
function periodRows(filters: ReportFilters, period: Period, sources: PeriodCounts[], keys: string[]): WireReportCell[][] {
  return periodStarts(period, filters.from!, filters.to!).map((start) => [start, ...keys.map((k) => sources.reduce((found, s) => found ?? s.get(start)?.[k], undefined as number | undefined) ?? 0)]);
}

/**
 * The six reports of the super drawer (common/reports.ts says what each counts), each a table of typed columns
 * that the page shows, charts and exports alike: the CSV is written from the very rows the page shows.
 */
export function reportsService(repo: ReportsRepository, today: () => Date = () => new Date()) {
  const tables: Record<ReportName, (f: ReportFilters) => Promise<ReportTable>> = {
    async sales_main(f) {
      const period = f.period!;
      const columns = [col('period', 'Period', 'date'), col('orders', 'Orders', 'integer', 'sum'), col('copies', 'Copies', 'integer', 'sum'), col('revenue_cents', 'Revenue', 'cents', 'sum'), col('cancelled', 'Cancelled copies', 'integer', 'sum')];
      const counts = await repo.sales({ ...f, period });
      return { columns, rows: periodRows(f, period, [counts], columns.slice(1).map((c) => c.key)) };
    },
    async production(f) {
      const period = f.period!;
      const columns = [
        col('period', 'Period', 'date'),
        col('finalized', 'Videos finalized', 'integer', 'sum'),
        col('renders', 'HD renders', 'integer', 'sum'),
        col('failed', 'Failed renders', 'integer', 'sum'),
        col('minutes', 'Minutes rendered', 'decimal', 'sum'),
        col('shipped', 'Copies shipped', 'integer', 'sum'),
      ];
      const sources = await repo.production({ ...f, period });
      const rows = periodRows(f, period, sources, columns.slice(1).map((c) => c.key));
      for (const row of rows) row[4] = round1(Number(row[4]));
      return { columns, rows };
    },
    async overdue_statements(f) {
      const rows = await repo.overdueStatements(f, isoDay(today())!);
      return {
        columns: [col('organization', 'Organization', 'text'), col('partner', 'Partner', 'text'), col('invoices', 'Overdue invoices', 'integer', 'sum'), col('oldest_due', 'Oldest due date', 'date', 'min'), col('days_overdue', 'Days overdue', 'integer', 'max'), col('amount_cents', 'Amount overdue', 'cents', 'sum')],
        rows: rows.map((r) => [r.organization_name, r.partner_name ?? '', r.invoices, r.oldest_due, r.days_overdue, r.amount_cents]),
      };
    },
    async print_invoices(f) {
      const rows = await repo.invoices(f, MAX_LISTED_INVOICES);
      return {
        columns: [col('invoice', 'Invoice', 'integer'), col('date', 'Date', 'date'), col('organization', 'Organization', 'text'), col('video', 'Video', 'text'), col('customer', 'Customer', 'text'), col('copies', 'Copies', 'integer', 'sum'), col('total_cents', 'Total', 'cents', 'sum'), col('due_date', 'Due date', 'date'), col('paid', 'Paid on', 'date')],
        rows: rows.map((r) => [r.id, isoDay(r.order_date), r.organization_name, r.video_title, r.customer_name ?? '', r.copies, r.total_cents, r.due_date, isoDay(r.paid_at)]),
      };
    },
    async affiliate_index(f) {
      const rows = await repo.affiliates(f);
      return {
        columns: [col('partner', 'Partner', 'text'), col('organizations', 'Organizations', 'integer', 'sum'), col('videos', 'Videos finalized', 'integer', 'sum'), col('orders', 'Orders', 'integer', 'sum'), col('copies', 'Copies', 'integer', 'sum'), col('revenue_cents', 'Revenue', 'cents', 'sum')],
        rows: rows.map((r) => [r.partner_name, r.organizations, r.videos, r.orders, r.copies, r.revenue_cents]),
      };
    },
    async collections(f) {
      const rows = await repo.payments(f);
      return {
        columns: [col('paid_on', 'Paid on', 'date'), col('invoice', 'Invoice', 'integer'), col('organization', 'Organization', 'text'), col('invoiced_cents', 'Invoiced', 'cents', 'sum'), col('received_cents', 'Received', 'cents', 'sum'), col('days_to_pay', 'Days to pay', 'integer', 'max')],
        rows: rows.map((r) => [isoDay(r.paid_at), r.id, r.organization_name, r.total_cents, r.paid_cents, r.days_to_pay]),
      };
    },
  };

  return {
    async table(name: ReportName, filters: ReportFilters): Promise<ReportTable & { totals: WireReportCell[] }> {
      const table = await tables[name](filters);
      return { ...table, totals: totalsOf(table) };
    },
    async report(name: ReportName, filters: ReportFilters): Promise<WireReport> {
      const [{ columns, rows, totals }, organizationName] = await Promise.all([
        this.table(name, filters),
        filters.organizationId ? repo.organizationName(filters.organizationId) : null,
      ]);
      return {
        report: name,
        title: reportInfo(name).title,
        columns: columns.map(({ key, label, kind }) => ({ key, label, kind })),
        rows,
        totals,
        filters: { from: filters.from, to: filters.to, organization_id: filters.organizationId, organization_name: organizationName, period: filters.period },
      };
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
