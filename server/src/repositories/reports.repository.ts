import type { Knex } from 'knex';
import type { Period } from '../../../common/reports.ts';
import type { Db } from '../db/database.ts';
import { dayAfter, type ReportFilters } from '../services/report-filters.ts';

/**
 * The queries behind the super users' reports. Every time is bucketed and compared in UTC, whatever the
 * connection's time zone, so a day means the same on every server. An order's organization is its own, else its
 * video's; an order's total is its lines that were not cancelled, quantity times the unit price they sold at.
 */

/** Counts by the first day of each period (YYYY-MM-DD). */
export type PeriodCounts = Map<string, Record<string, number>>;

export interface OverdueStatementRow {
  organization_name: string;
  partner_name: string | null;
  invoices: number;
  oldest_due: string;
  days_overdue: number;
  amount_cents: number;
}

export interface InvoiceRow {
  id: number;
  order_date: Date;
  due_date: string;
  paid_at: Date | null;
  paid_cents: number | null;
  payment_terms_days: number;
  organization_name: string;
  video_title: string;
  customer_name: string | null;
  customer_email: string | null;
  copies: number;
  total_cents: number;
}

export interface InvoiceLine {
  order_id: number;
  product_title: string;
  quantity: number;
  unit_price_cents: number;
  cancelled: boolean;
}

export interface AffiliateRow {
  partner_name: string;
  organizations: number;
  videos: number;
  orders: number;
  copies: number;
  revenue_cents: number;
}

export interface PaymentRow {
  id: number;
  paid_at: Date;
  organization_name: string;
  total_cents: number;
  paid_cents: number;
  days_to_pay: number;
}

const UTC_DAY = `(?::timestamp AT TIME ZONE 'UTC')`;
const NO_ORG = 'No organization';

/** `column` within the filters' dates (both days whole). */
function inRange<T extends Knex.QueryBuilder>(query: T, column: string, filters: ReportFilters): T {
  if (filters.from) query.whereRaw(`?? >= ${UTC_DAY}`, [column, filters.from]);
  if (filters.to) query.whereRaw(`?? < ${UTC_DAY}`, [column, dayAfter(filters.to)]);
  return query;
}

const bucket = (db: Db, period: Period, column: string) => db.raw(`to_char(date_trunc(?, ?? AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`, [period, column]);
const orderOrg = `coalesce(o.organization_id, v.organization_id)`;
const lineTotal = `coalesce(sum(d.quantity * d.unit_price_cents) filter (where d.date_cancelled is null), 0)::bigint`;
const copies = `coalesce(sum(d.quantity) filter (where d.date_cancelled is null), 0)::bigint`;

export function reportsRepository(db: Db) {
  /** Orders joined to their video and lines, within the organization filter. */
  const orders = (filters: ReportFilters) => {
    const query = db('orders as o').join('videos as v', 'v.id', 'o.video_id').leftJoin('order_details as d', 'd.order_id', 'o.id');
    if (filters.organizationId) query.whereRaw(`${orderOrg} = ?`, [filters.organizationId]);
    return query;
  };

  const byPeriod = async (query: Knex.QueryBuilder, period: Period, column: string, figures: Record<string, string>): Promise<PeriodCounts> => {
    const selects = Object.entries(figures).map(([name, sql]) => db.raw(`${sql} as ??`, [name]));
    const rows = (await query.select(bucket(db, period, column).wrap('(', ') as bucket'), ...selects).groupBy('bucket')) as Record<string, string | number>[];
    return new Map(rows.map((row) => [String(row.bucket), Object.fromEntries(Object.keys(figures).map((k) => [k, Number(row[k])]))]));
  };

  return {
    /** Orders (with at least one line not cancelled), copies, revenue and cancelled copies by order date. */
    /** The name a report's organization filter shows (a page opened from its address knows only the id). */
    async organizationName(id: number): Promise<string | null> {
      const row = await db('organizations').where({ id }).first('organization_name');
      return row?.organization_name ?? null;
    },

    async sales(filters: ReportFilters & { period: Period }): Promise<PeriodCounts> {
      return byPeriod(inRange(orders(filters), 'o.order_date', filters), filters.period, 'o.order_date', {
        orders: `count(distinct o.id) filter (where d.id is not null and d.date_cancelled is null)`,
        copies,
        revenue_cents: lineTotal,
        cancelled: `coalesce(sum(d.quantity) filter (where d.date_cancelled is not null), 0)::bigint`,
      });
    },

    /** Videos finalized (date_in_queue), HD renders done and failed with their minutes, copies shipped. */
    async production(filters: ReportFilters & { period: Period }): Promise<PeriodCounts[]> {
      const videos = db('videos as v').whereNull('v.deleted_at');
      const renders = db('renders as r').join('videos as v', 'v.id', 'r.video_id').where('r.kind', 'hd');
      // A render superseded by a newer one was stopped on purpose, not a failure of production.
      const failed = renders.clone().where('r.status', 'failed').whereRaw(`coalesce(r.error, '') <> 'superseded'`);
      const shipped = orders(filters).whereNull('d.date_cancelled');
      if (filters.organizationId) {
        for (const q of [videos, renders, failed]) q.where('v.organization_id', filters.organizationId);
      }
      return Promise.all([
        byPeriod(inRange(videos, 'v.date_in_queue', filters), filters.period, 'v.date_in_queue', { finalized: 'count(*)' }),
        byPeriod(inRange(renders.where('r.status', 'done'), 'r.finished_at', filters), filters.period, 'r.finished_at', {
          renders: 'count(*)',
          minutes: `coalesce(sum(r.duration), 0) / 60.0`,
        }),
        byPeriod(inRange(failed, 'r.updated_at', filters), filters.period, 'r.updated_at', { failed: 'count(*)' }),
        byPeriod(inRange(shipped, 'd.shipped_date', filters), filters.period, 'd.shipped_date', { shipped: 'coalesce(sum(d.quantity), 0)::bigint' }),
      ]);
    },

    /** Unpaid orders with something owed, due before `today`, as one statement per organization. */
    async overdueStatements(filters: ReportFilters, today: string): Promise<OverdueStatementRow[]> {
      const due = `((o.order_date AT TIME ZONE 'UTC')::date + o.payment_terms_days)`;
      const owed = inRange(orders(filters), 'o.order_date', filters)
        .whereNull('o.paid_at')
        .whereRaw(`${due} < ?::date`, [today])
        .groupBy('o.id', 'v.organization_id')
        .havingRaw(`${lineTotal} > 0`)
        .select('o.id', db.raw(`${orderOrg} as organization_id`), db.raw(`${due} as due_date`), db.raw(`${lineTotal} as amount`));
      const rows = await db
        .from(owed.as('owed'))
        .leftJoin('organizations as org', 'org.id', 'owed.organization_id')
        .groupBy('owed.organization_id', 'org.organization_name', 'org.partner_name')
        .orderBy([{ column: 'amount_cents', order: 'desc' }, { column: 'organization_name' }])
        .select(
          db.raw(`coalesce(org.organization_name, ?) as organization_name`, [NO_ORG]),
          'org.partner_name',
          db.raw('count(*)::int as invoices'),
          db.raw(`to_char(min(owed.due_date), 'YYYY-MM-DD') as oldest_due`),
          db.raw(`(?::date - min(owed.due_date))::int as days_overdue`, [today]),
          db.raw('sum(owed.amount)::bigint as amount_cents'),
        );
      return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }));
    },

    /** Orders as invoices, newest first; `ids` picks given ones whatever the dates (within the organization, if one is given). */
    async invoices(filters: ReportFilters, limit: number, ids?: number[]): Promise<InvoiceRow[]> {
      const query = ids ? orders(filters).whereIn('o.id', ids) : inRange(orders(filters), 'o.order_date', filters);
      const rows = await query
        .joinRaw(`left join organizations as org on org.id = ${orderOrg}`)
        .groupBy('o.id', 'org.organization_name', 'v.title')
        .orderBy([{ column: 'o.order_date', order: 'desc' }, { column: 'o.id', order: 'desc' }])
        .limit(limit)
        .select(
          'o.id',
          'o.order_date',
          'o.paid_at',
          'o.paid_cents',
          'o.payment_terms_days',
          'o.customer_name',
          'o.customer_email',
          db.raw(`to_char((o.order_date AT TIME ZONE 'UTC')::date + o.payment_terms_days, 'YYYY-MM-DD') as due_date`),
          db.raw(`coalesce(org.organization_name, ?) as organization_name`, [NO_ORG]),
          'v.title as video_title',
          db.raw(`${copies} as copies`),
          db.raw(`${lineTotal} as total_cents`),
        );
      return rows.map((r) => ({ ...r, copies: Number(r.copies), total_cents: Number(r.total_cents) }));
    },

    async invoiceLines(orderIds: number[]): Promise<InvoiceLine[]> {
      return db('order_details as d')
        .join('products as p', 'p.id', 'd.product_id')
        .whereIn('d.order_id', orderIds)
        .orderBy(['d.order_id', 'd.id'])
        .select('d.order_id', 'p.product_title', 'd.quantity', 'd.unit_price_cents', db.raw('(d.date_cancelled is not null) as cancelled'));
    },

    /** Per partner: organizations it referred, and their finalized videos, orders, copies and revenue in range. */
    async affiliates(filters: ReportFilters): Promise<AffiliateRow[]> {
      const partner = `coalesce(nullif(trim(org.partner_name), ''), 'No partner')`;
      const orgs = db('organizations as org').select(db.raw(`${partner} as partner`), db.raw('count(*)::int as organizations')).groupByRaw(partner);
      const videos = inRange(db('videos as v').join('organizations as org', 'org.id', 'v.organization_id').whereNull('v.deleted_at'), 'v.date_in_queue', filters)
        .select(db.raw(`${partner} as partner`), db.raw('count(*)::int as videos'))
        .groupByRaw(partner);
      const sold = inRange(orders(filters), 'o.order_date', filters)
        .joinRaw(`join organizations as org on org.id = ${orderOrg}`)
        .select(
          db.raw(`${partner} as partner`),
          db.raw(`count(distinct o.id) filter (where d.id is not null and d.date_cancelled is null)::int as orders`),
          db.raw(`${copies} as copies`),
          db.raw(`${lineTotal} as revenue_cents`),
        )
        .groupByRaw(partner);
      if (filters.organizationId) for (const q of [orgs, videos]) q.where('org.id', filters.organizationId);
      const [orgRows, videoRows, soldRows] = await Promise.all([orgs, videos, sold]);
      const rows = new Map<string, AffiliateRow>();
      const row = (name: string) => {
        if (!rows.has(name)) rows.set(name, { partner_name: name, organizations: 0, videos: 0, orders: 0, copies: 0, revenue_cents: 0 });
        return rows.get(name)!;
      };
      for (const r of orgRows) row(r.partner).organizations = Number(r.organizations);
      for (const r of videoRows) row(r.partner).videos = Number(r.videos);
      for (const r of soldRows) Object.assign(row(r.partner), { orders: Number(r.orders), copies: Number(r.copies), revenue_cents: Number(r.revenue_cents) });
      return [...rows.values()].sort((a, b) => b.revenue_cents - a.revenue_cents || a.partner_name.localeCompare(b.partner_name));
    },

    /** Paid orders by payment date, newest first. */
    async payments(filters: ReportFilters): Promise<PaymentRow[]> {
      const rows = await inRange(orders(filters), 'o.paid_at', filters)
        .whereNotNull('o.paid_at')
        .joinRaw(`left join organizations as org on org.id = ${orderOrg}`)
        .groupBy('o.id', 'org.organization_name')
        .orderBy([{ column: 'o.paid_at', order: 'desc' }, { column: 'o.id', order: 'desc' }])
        .select(
          'o.id',
          'o.paid_at',
          db.raw(`coalesce(org.organization_name, ?) as organization_name`, [NO_ORG]),
          db.raw(`${lineTotal} as total_cents`),
          db.raw(`coalesce(o.paid_cents, ${lineTotal}) as paid_cents`),
          db.raw(`((o.paid_at AT TIME ZONE 'UTC')::date - (o.order_date AT TIME ZONE 'UTC')::date)::int as days_to_pay`),
        );
      return rows.map((r) => ({ ...r, total_cents: Number(r.total_cents), paid_cents: Number(r.paid_cents) }));
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
