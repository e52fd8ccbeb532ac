import { MAX_LISTED_INVOICES } from '../../../common/reports.ts';
import type { InvoiceRow, ReportsRepository } from '../repositories/reports.repository.ts';
import type { WireStatement, WireStatementHistory, WireStatementInvoice } from '../wire/statements.ts';

const isoDay = (date: Date): string => new Date(date).toISOString().slice(0, 10);

/** An order as an invoice of its organization's statement: what was paid, and whether it is overdue on `today`. */
export function statementInvoice(row: InvoiceRow, today: string): WireStatementInvoice {
  const paid = row.paid_at !== null;
  return {
    id: row.id,
    order_date: isoDay(row.order_date),
    video_title: row.video_title,
    customer_name: row.customer_name,
    copies: row.copies,
    total_cents: row.total_cents,
    due_date: row.due_date,
    paid_on: paid ? isoDay(row.paid_at!) : null,
    paid_cents: paid ? (row.paid_cents ?? row.total_cents) : 0,
    overdue: !paid && row.total_cents > 0 && row.due_date < today,
  };
}

/**
 * The statement history of an organization with billing on (spec 1 section 2.10's Billing link): its invoices
 * (orders, numbered and totalled as the super users' Print Invoices report does) grouped into one statement per
 * month of their order date, newest first, each with what was invoiced, paid and is still owed.
 */
export function statementsService(repo: ReportsRepository, today: () => Date = () => new Date()) {
  return {
    async history(organizationId: number, organizationName: string): Promise<WireStatementHistory> {
      const rows = await repo.invoices({ from: null, to: null, organizationId, period: null }, MAX_LISTED_INVOICES + 1);
      const truncated = rows.length > MAX_LISTED_INVOICES;
      const day = isoDay(today());
      const statements = new Map<string, WireStatement>();
      let balance = 0;
      let overdue = 0;
      for (const row of rows.slice(0, MAX_LISTED_INVOICES)) {
        const invoice = statementInvoice(row, day);
        const month = invoice.order_date.slice(0, 7);
        if (!statements.has(month)) statements.set(month, { month, invoiced_cents: 0, paid_cents: 0, balance_cents: 0, invoices: [] });
        const statement = statements.get(month)!;
        const owed = invoice.paid_on === null ? invoice.total_cents : 0;
        statement.invoices.push(invoice);
        statement.invoiced_cents += invoice.total_cents;
        statement.paid_cents += invoice.paid_cents;
        statement.balance_cents += owed;
        balance += owed;
        if (invoice.overdue) overdue += owed;
      }
      return { organization_name: organizationName, balance_cents: balance, overdue_cents: overdue, statements: [...statements.values()], truncated };
    },
  };
}
