import { formatPrice } from '../../../../common/order-pricing.ts';
import type { Report } from './api.ts';

type Cell = Report['rows'][number][number];
type Kind = Report['columns'][number]['kind'];

const COUNT = new Intl.NumberFormat('en-US');
const DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A report cell as the page shows it: money in dollars, counts with separators, an empty cell as a dash. */
export function formatCell(value: Cell, kind: Kind): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (kind === 'cents') return formatPrice(value);
  if (kind === 'decimal') return DECIMAL.format(value);
  return kind === 'integer' ? COUNT.format(value) : String(value);
}

/** The first day of a period as its axis label: '2 Mar' for days and weeks, 'Mar 2026' for months. */
export function periodLabel(day: string, period: string | null): string {
  const date = new Date(`${day}T00:00:00Z`);
  return period === 'month'
    ? date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : date.toLocaleDateString('en-US', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The range a page opens with: the last `days` days up to today (UTC, as the server counts), or all time. */
export function defaultRange(days: number | null, today = new Date()): { from: string; to: string } {
  if (days === null) return { from: '', to: '' };
  return { from: isoDay(new Date(today.getTime() - (days - 1) * 24 * 3600 * 1000)), to: isoDay(today) };
}
