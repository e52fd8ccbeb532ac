import { Print } from '@mui/icons-material';
import { Alert, Button, Link } from '@mui/material';
import { MAX_LISTED_INVOICES, reportInfo } from '../../../../common/reports.ts';
import { invoicePdfUrl, invoicesPdfUrl } from './api.ts';
import { ReportPage } from './ReportPage.tsx';

/** /user_reports/overdue_statements: one statement per organization of its overdue invoices. */
export function OverdueStatementsPage() {
  return <ReportPage info={reportInfo('overdue_statements')} />;
}

/** /billing/print_invoices: every order as an invoice, each a PDF, or all those listed as one PDF. */
export function PrintInvoicesPage() {
  return (
    <ReportPage
      info={reportInfo('print_invoices')}
      rowAction={{
        label: 'PDF',
        render: (row) => (
          <Link href={invoicePdfUrl(String(row[0]))} target="_blank" rel="noopener" aria-label={`Open invoice ${String(row[0])} as PDF`}>
            Open
          </Link>
        ),
      }}
      above={(report) =>
        report.rows.length >= MAX_LISTED_INVOICES && <Alert severity="info">The newest {MAX_LISTED_INVOICES.toLocaleString('en-US')} invoices are shown: choose fewer dates to see older ones.</Alert>
      }
      actions={(query, report) => (
        <Button variant="contained" startIcon={<Print />} href={invoicesPdfUrl(query)} target="_blank" rel="noopener" disabled={!report?.rows.length}>
          Print all shown
        </Button>
      )}
    />
  );
}

/** /reports/affiliate_index: figures per referring partner. */
export function AffiliateIndexPage() {
  return <ReportPage info={reportInfo('affiliate_index')} />;
}

/** /reports/collections: payments received in the dates chosen. */
export function CollectionsPage() {
  return <ReportPage info={reportInfo('collections')} />;
}
