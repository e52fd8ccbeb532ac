/** Wire shapes of an organization's statement history (snake_case), shared with the web app through `import type`. */

/** One invoice (an order) on a statement. Days are YYYY-MM-DD in UTC; money is whole cents. */
export interface WireStatementInvoice {
  id: number;
  order_date: string;
  video_title: string;
  customer_name: string | null;
  copies: number;
  total_cents: number;
  /** The order date plus the order's payment terms. */
  due_date: string;
  /** The day it was paid, or null while it is owed. */
  paid_on: string | null;
  /** What was received (the invoice's total when the payment recorded no amount); 0 while unpaid. */
  paid_cents: number;
  /** Unpaid, something owed and its due date before today. */
  overdue: boolean;
}

/** One month's statement: the invoices dated in it, newest first. */
export interface WireStatement {
  /** YYYY-MM. */
  month: string;
  invoiced_cents: number;
  paid_cents: number;
  /** What is still owed of this month's invoices. */
  balance_cents: number;
  invoices: WireStatementInvoice[];
}

/** GET /r/statements/history: the caller's organization's statements, newest month first. */
export interface WireStatementHistory {
  organization_name: string;
  /** Everything owed on the statements listed. */
  balance_cents: number;
  /** The part of it past its due date. */
  overdue_cents: number;
  statements: WireStatement[];
  /** More invoices exist than the page lists (the oldest are left off). */
  truncated: boolean;
}
