import { Box, Typography } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { PERIODS, type Period, type ReportInfo } from '../../../../common/reports.ts';
import type { OrganizationOption } from '../settings/components/OrganizationPicker.tsx';
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

const isPeriod = (value: string | null): value is Period => (PERIODS as readonly string[]).includes(value ?? '');

/**
 * The filters as the address holds them (from, to, organization_id, period), so a report can be bookmarked, shared,
 * reloaded or reopened with Back as it was. A date absent from the address is the page's default range; one present
 * but empty is an open end.
 */
function filtersFrom(search: URLSearchParams, info: ReportInfo): Omit<FilterState, 'organization'> & { organizationId: number | undefined } {
  const defaults = defaultRange(info.defaultDays);
  const period = search.get('period');
  const organizationId = Number(search.get('organization_id'));
  return {
    from: search.get('from') ?? defaults.from,
    to: search.get('to') ?? defaults.to,
    organizationId: Number.isInteger(organizationId) && organizationId > 0 ? organizationId : undefined,
    period: isPeriod(period) ? period : 'week',
  };
}

function searchOf(next: FilterState, info: ReportInfo): URLSearchParams {
  const search = new URLSearchParams();
  const defaults = defaultRange(info.defaultDays);
  if (next.from !== defaults.from || next.to !== defaults.to) {
    search.set('from', next.from);
    search.set('to', next.to);
  }
  if (next.organization) search.set('organization_id', String(next.organization.id));
  if (info.byPeriod && next.period !== 'week') search.set('period', next.period);
  return search;
}

/**
 * The one page of every statistics and report screen of the super drawer: title and definition, the filters, an
 * optional chart, the table with its totals, and the CSV export of exactly those rows (written by the server).
 */
export function ReportPage({ info, above, rowAction, actions }: Props) {
  const [search, setSearch] = useSearchParams();
  const { organizationId, ...applied } = filtersFrom(search, info);
  // The organization chosen here; one that came with the address is named by the report's answer.
  const [picked, setPicked] = useState<OrganizationOption | null>(null);
  const query: ReportQuery = { from: applied.from, to: applied.to, organizationId, period: info.byPeriod ? applied.period : undefined };
  const { data, error, isValidating } = useReport(info.name, query);
  const named = data?.filters.organizationId === organizationId ? data?.filters.organizationName : null;
  // One object while it names the same organization: the picker searches again whenever its value changes.
  const organization = useMemo(
    () => (organizationId ? (picked?.id === organizationId ? picked : { id: organizationId, organizationName: named ?? `Organization ${organizationId}` }) : null),
    [organizationId, picked, named],
  );
  const filters: FilterState = { ...applied, organization };
  // Replaced, not pushed: every keystroke of a date would otherwise be a step of Back.
  const setFilters = (next: FilterState) => {
    setPicked(next.organization);
    setSearch(searchOf(next, info), { replace: true });
  };

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
