import { Paper, Typography } from '@mui/material';
// Path imports: the chart library reaches only the pages that draw charts (the build splits by route).
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatPrice } from '../../../../common/order-pricing.ts';
import type { Report } from './api.ts';
import { formatCell, periodLabel } from './format.ts';

interface Props {
  report: Report;
  title: string;
  type: 'bar' | 'line';
  /** The columns drawn, by key; money columns are drawn in dollars. */
  keys: string[];
}

/**
 * Figures by period as a chart: one bar or line per chosen column, the periods along the bottom. The same numbers
 * are in the table under it, which is what a screen reader is pointed to.
 */
export function PeriodChart({ report, title, type, keys }: Props) {
  const period = report.filters.period;
  const columns = keys.map((key) => {
    const index = report.columns.findIndex((c) => c.key === key);
    return { key, index, column: report.columns[index] };
  });
  const money = columns.every((c) => c.column.kind === 'cents');
  const dataset = report.rows.map((row) => {
    const point: Record<string, string | number> = { period: periodLabel(String(row[0]), period) };
    for (const { key, index, column } of columns) point[key] = column.kind === 'cents' ? Number(row[index]) / 100 : Number(row[index]);
    return point;
  });
  const series = columns.map(({ key, column }) => ({
    dataKey: key,
    label: column.label,
    valueFormatter: (v: number | null) => (v === null ? '' : column.kind === 'cents' ? formatPrice(Math.round(v * 100)) : formatCell(v, column.kind)),
  }));
  const yAxis = [{ width: money ? 64 : 40, valueFormatter: (v: number) => (money ? `$${v.toLocaleString('en-US')}` : v.toLocaleString('en-US')) }];
  const common = { dataset, series, yAxis, height: 260, margin: { right: 16 } };
  return (
    <Paper variant="outlined" component="figure" aria-label={`${title} chart; the figures are in the table below`} sx={{ m: 0, p: { xs: 1, sm: 2 }, flex: 1, minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 600, px: 1 }}>
        {title}
      </Typography>
      {type === 'bar' ? (
        <BarChart {...common} xAxis={[{ scaleType: 'band', dataKey: 'period', tickLabelMinGap: 12 }]} />
      ) : (
        // Straight segments: a smoothed curve would dip below zero between periods that have none.
        <LineChart {...common} series={series.map((s) => ({ ...s, curve: 'linear' as const }))} xAxis={[{ scaleType: 'point', dataKey: 'period', tickLabelMinGap: 12 }]} />
      )}
    </Paper>
  );
}
