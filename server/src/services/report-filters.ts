import { PERIODS, type Period, type ReportInfo } from '../../../common/reports.ts';
import { AppError } from '../http/errors.ts';

/**
 * The filters every report takes from its query string: a date range (`from` and `to`, YYYY-MM-DD, both days
 * included, in UTC like every stored time), an organization and, for figures by period, `period`.
 */
export interface ReportFilters {
  from: string | null;
  to: string | null;
  organizationId: number | null;
  period: Period | null;
}

const DAY_MS = 24 * 3600 * 1000;
/** A chart of more bars than this is unreadable and its query needlessly long: ask for a coarser period. */
export const MAX_PERIODS = 400;

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

function dayParam(value: unknown, name: string): string | null {
  if (value === undefined || value === '') return null;
  const text = typeof value === 'string' ? value : '';
  const date = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(date.getTime()) || isoDay(date) !== text) {
    throw new AppError(400, `${name} must be a date written YYYY-MM-DD.`);
  }
  return text;
}

/** The filters of a request, with the report's default range when it has dates by period and none were given. */
export function parseReportFilters(query: Record<string, unknown>, info: ReportInfo, today = new Date()): ReportFilters {
  let from = dayParam(query.from, 'From');
  let to = dayParam(query.to, 'To');
  const org = query.organization_id;
  let organizationId: number | null = null;
  if (org !== undefined && org !== '') {
    if (typeof org !== 'string' || !/^\d+$/.test(org) || !Number.isSafeInteger(Number(org))) throw new AppError(400, 'organization_id must be a number.');
    organizationId = Number(org);
  }
  let period: Period | null = null;
  if (info.byPeriod) {
    const raw = query.period ?? 'week';
    if (!(PERIODS as readonly unknown[]).includes(raw)) throw new AppError(400, `period must be one of ${PERIODS.join(', ')}.`);
    period = raw as Period;
    // Figures by period need both ends to lay out their periods.
    to ??= isoDay(today);
    from ??= isoDay(new Date(new Date(`${to}T00:00:00Z`).getTime() - ((info.defaultDays ?? 90) - 1) * DAY_MS));
  }
  if (from && to && from > to) throw new AppError(400, 'From must not be after To.');
  if (period && from && to && periodStarts(period, from, to).length > MAX_PERIODS) {
    throw new AppError(400, `That is more than ${MAX_PERIODS} ${period}s: choose a shorter range or a longer period.`);
  }
  return { from, to, organizationId, period };
}

/** The first day of the period holding `day` (weeks start on Monday, as PostgreSQL's date_trunc has them). */
export function periodStart(period: Period, day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (period === 'week') return isoDay(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS));
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  return day;
}

/** Every period from the one holding `from` to the one holding `to`, by its first day: the chart's x axis. */
export function periodStarts(period: Period, from: string, to: string): string[] {
  const starts: string[] = [];
  let current = new Date(`${periodStart(period, from)}T00:00:00Z`);
  const last = new Date(`${to}T00:00:00Z`).getTime();
  while (current.getTime() <= last && starts.length <= MAX_PERIODS) {
    starts.push(isoDay(current));
    current =
      period === 'month'
        ? new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() + 1, 1))
        : new Date(current.getTime() + (period === 'week' ? 7 : 1) * DAY_MS);
  }
  return starts;
}

/** The end of a `to` day as an exclusive bound: every time on that day is before it. */
export const dayAfter = (day: string): string => isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS));
