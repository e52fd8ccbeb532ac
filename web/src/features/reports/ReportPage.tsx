import { Box, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { ReportInfo } from '../../../../common/reports.ts';
import { Page } from '../../ui/Page.tsx';
import { csvUrl, useReport, type Report, type ReportQuery } from './api.ts';
import { defaultRange } from './format.ts';
import { ReportFilters, type FilterState } from './ReportFilters.tsx';
import { ReportTable, type RowAction } from './ReportTable.tsx';

interface Props {
  info: ReportInfo;
  /** Drawn above the table once the report has rows: the charts of figures by period, or a note. */
  above?: (report: Report) => ReactNode;
  rowAction?: RowAction;
  /** Buttons beside the title that act on the filtered report (Print all). */
  actions?: (query: ReportQuery, report: Report | undefined) => ReactNode;
}

/**
 * The one page of every statistics and report screen of the super drawer: title and definition, the filters, an
 * optional chart, the table with its totals, and the CSV export of exactly those rows (written by the server).
 */
export function ReportPage({ info, above, rowAction, actions }: Props) {
  const [filters, setFilters] = useState<FilterState>(() => ({ ...defaultRange(info.defaultDays), organization: null, period: 'week' }));
  const query: ReportQuery = { from: filters.from, to: filters.to, organizationId: filters.organization?.id, period: info.byPeriod ? filters.period : undefined };
  const { data, error, isValidating } = useReport(info.name, query);

  return (
    <Page title={info.title} actions={actions?.(query, data)}>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '75ch' }}>
        {info.about}
      </Typography>
      <ReportFilters value={filters} onChange={setFilters} dateMeaning={info.dateMeaning} byPeriod={info.byPeriod} csvHref={csvUrl(info.name, query)} />
      {above && data && data.rows.length > 0 && <Box sx={{ mb: 2, '&:empty': { display: 'none' } }}>{above(data)}</Box>}
      <ReportTable label={info.title} report={data} loading={isValidating} error={error as Error | undefined} rowAction={rowAction} />
    </Page>
  );
}
