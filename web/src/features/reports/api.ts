import useSWR from 'swr';
import type { Period, ReportName } from '../../../../common/reports.ts';
import type { WireReport } from '../../../../server/src/wire/reports.ts';
import { getJson, withQuery, type Camelized } from '../../api/index.ts';

export type Report = Camelized<WireReport>;

export interface ReportQuery {
  from: string;
  to: string;
  organizationId?: number;
  period?: Period;
}

const params = (q: ReportQuery) => ({ from: q.from || undefined, to: q.to || undefined, organization_id: q.organizationId, period: q.period });

/** The report for these filters (GET /r/reports/{name}); the previous answer stays on screen while the next comes. */
export const useReport = (name: ReportName, query: ReportQuery) =>
  useSWR(withQuery(`/r/reports/${name}`, params(query)), (url: string) => getJson<Report>(url, undefined, { alertErrors: false }), { keepPreviousData: true });

/** The same rows as a CSV download. */
export const csvUrl = (name: ReportName, query: ReportQuery) => withQuery(`/r/reports/${name}/csv`, params(query));

/** Every invoice the filters list, one page each, as one PDF. */
export const invoicesPdfUrl = (query: ReportQuery) => withQuery('/r/reports/print_invoices/pdf', params(query));

export const invoicePdfUrl = (orderId: number | string) => `/r/invoices/${orderId}.pdf`;
