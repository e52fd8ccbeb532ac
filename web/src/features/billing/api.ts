import useSWR from 'swr';
import type { WireStatementHistory } from '../../../../server/src/wire/statements.ts';
import { getJson, type Camelized } from '../../api/index.ts';

export type StatementHistory = Camelized<WireStatementHistory>;
export type Statement = StatementHistory['statements'][number];
export type StatementInvoice = Statement['invoices'][number];

export const STATEMENT_HISTORY_URL = '/r/statements/history';

/** The caller's organization's statements (GET /r/statements/history); 404 when its billing flag is off. */
export const useStatementHistory = () => useSWR(STATEMENT_HISTORY_URL, (url: string) => getJson<StatementHistory>(url, undefined, { alertErrors: false }));

/** One invoice as a PDF (the same call the super users' Print Invoices page opens). */
export const invoicePdfUrl = (orderId: number) => `/r/invoices/${orderId}.pdf`;
