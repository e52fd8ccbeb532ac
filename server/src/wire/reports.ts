/** Wire shapes of the super users' reports (snake_case), shared with the web app through `import type`. */

/** How a column's values read: cents are whole cents (shown and exported as money), dates are YYYY-MM-DD. */
export type WireReportKind = 'text' | 'integer' | 'decimal' | 'cents' | 'date';

export interface WireReportColumn {
  key: string;
  label: string;
  kind: WireReportKind;
}

export type WireReportCell = string | number | null;

/** GET /r/reports/{name}: one report for the filters given, the rows in column order. */
export interface WireReport {
  report: string;
  title: string;
  columns: WireReportColumn[];
  rows: WireReportCell[][];
  /** The totals line (its first cell says 'Total'), or null when the report has none. */
  totals: WireReportCell[] | null;
  /** The filters as the server applied them (defaults filled in), with the filtered organization's name (null if none). */
  filters: { from: string | null; to: string | null; organization_id: number | null; organization_name: string | null; period: string | null };
}
