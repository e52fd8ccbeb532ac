import type { WireReportCell, WireReportColumn } from '../wire/reports.ts';

/**
 * The one CSV writer of the reports (RFC 4180: commas, CRLF lines, fields quoted when they hold a comma, quote or
 * line break). Money is written as decimal units (12.50), not cents, so a spreadsheet sums it as shown. A text
 * field that a spreadsheet would run as a formula (starting with = + - @ or a tab) gets a leading apostrophe.
 * A byte-order mark first makes Excel read the file as UTF-8 (organization names with accents).
 */
export function reportCsv(columns: Pick<WireReportColumn, 'label' | 'kind'>[], rows: WireReportCell[][], totals?: WireReportCell[] | null): string {
  const field = (value: WireReportCell, kind: WireReportColumn['kind'] | 'text'): string => {
    if (value === null || value === undefined) return '';
    let text = kind === 'cents' && typeof value === 'number' ? (value / 100).toFixed(2) : String(value);
    if (kind === 'text' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const line = (cells: WireReportCell[], kinds: (WireReportColumn['kind'] | 'text')[]) => cells.map((cell, i) => field(cell, kinds[i] ?? 'text')).join(',');
  const kinds = columns.map((c) => c.kind);
  const lines = [line(columns.map((c) => c.label), columns.map(() => 'text')), ...rows.map((row) => line(row, kinds))];
  // The totals line's first cell is the word Total, whatever its column holds.
  if (totals) lines.push(line(totals, ['text', ...kinds.slice(1)]));
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}
