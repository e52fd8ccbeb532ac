import Router from '@koa/router';
import type { Context } from 'koa';
import { isReportName, reportInfo, type ReportName } from '../../../common/reports.ts';
import type { Deps } from '../deps.ts';
import { AppError, notFound } from '../http/errors.ts';
import { isSuper, requireSuper, requireUser } from '../http/session.ts';
import { reportsRepository } from '../repositories/reports.repository.ts';
import { invoicesPdf } from '../services/invoice-pdf.ts';
import { reportCsv } from '../services/report-csv.ts';
import { billingOrganization } from './statements.routes.ts';
import { parseReportFilters, type ReportFilters } from '../services/report-filters.ts';
import { reportsService } from '../services/reports.service.ts';

/** Invoices printed in one PDF at most: a page each, drawn while the request waits. */
export const MAX_PRINTED_INVOICES = 200;

const attachment = (ctx: Context, name: string) => ctx.set('Content-Disposition', `attachment; filename="${name}"`);

/**
 * The super drawer's statistics and reports (common/reports.ts). Super users only; anyone else signed in gets the
 * 404 of a missing page, as every administration call does.
 *
 * - GET /r/reports/{name}?from=&to=&organization_id=&period= answers the report (wire/reports.ts).
 * - GET /r/reports/{name}/csv, the same rows as CSV (services/report-csv.ts).
 * - GET /r/reports/print_invoices/pdf, the invoices the page lists as one PDF; GET /r/invoices/{orderId}.pdf, one
 *   (also for the staff of the invoice's organization when its billing flag is on).
 */
export function reportsRoutes(deps: Deps): Router {
  const router = new Router();
  const repo = reportsRepository(deps.db);
  const reports = reportsService(repo);

  const request = (ctx: Context): { name: ReportName; filters: ReportFilters } => {
    requireSuper(ctx);
    const name = ctx.params.name;
    if (!isReportName(name)) throw notFound();
    return { name, filters: parseReportFilters(ctx.query, reportInfo(name)) };
  };

  router.get('/r/reports/:name', async (ctx) => {
    const { name, filters } = request(ctx);
    ctx.body = await reports.report(name, filters);
  });

  router.get('/r/reports/:name/csv', async (ctx) => {
    const { name, filters } = request(ctx);
    const { columns, rows, totals } = await reports.table(name, filters);
    const range = [filters.from, filters.to].filter(Boolean).join('_to_');
    attachment(ctx, `${name}${range ? `_${range}` : ''}.csv`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = reportCsv(columns, rows, totals);
  });

  router.get('/r/reports/:name/pdf', async (ctx) => {
    const { name, filters } = request(ctx);
    if (name !== 'print_invoices') throw notFound();
    const invoices = await repo.invoices(filters, MAX_PRINTED_INVOICES + 1);
    if (invoices.length === 0) throw new AppError(404, 'No invoices match these filters.');
    if (invoices.length > MAX_PRINTED_INVOICES) throw new AppError(400, `More than ${MAX_PRINTED_INVOICES} invoices match: choose fewer dates or one organization.`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', 'inline; filename="invoices.pdf"');
    ctx.body = await invoicesPdf(invoices, await repo.invoiceLines(invoices.map((i) => i.id)));
  });

  router.get('/r/invoices/:file', async (ctx) => {
    // A super user opens any invoice; the staff of an organization with billing on, their own (Statement History).
    const organizationId = isSuper(requireUser(ctx)) ? null : (await billingOrganization(ctx, deps)).id;
    const match = /^(\d{1,9})\.pdf$/.exec(ctx.params.file);
    if (!match) throw notFound();
    const id = Number(match[1]);
    const invoices = await repo.invoices({ from: null, to: null, organizationId, period: null }, 1, [id]);
    if (invoices.length === 0) throw notFound('No such invoice.');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="invoice-${id}.pdf"`);
    ctx.body = await invoicesPdf(invoices, await repo.invoiceLines([id]));
  });

  return router;
}
