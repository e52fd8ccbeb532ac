import { Alert, Box, Button, Chip, CircularProgress, Link, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatPrice } from '../../../../common/order-pricing.ts';
import { MAX_LISTED_INVOICES } from '../../../../common/reports.ts';
import { ServerProblem } from '../../api/index.ts';
import { Page } from '../../ui/Page.tsx';
import { usePhone } from '../settings/components/ListFrame.tsx';
import { invoicePdfUrl, useStatementHistory, type Statement, type StatementInvoice } from './api.ts';
import { dayLabel, monthLabel } from './format.ts';

const TITLE = 'Statement History';

/** Paid (with its day), Overdue, or Due (with its day). */
function InvoiceStatus({ invoice }: { invoice: StatementInvoice }) {
  if (invoice.paidOn) return <Chip size="small" color="success" variant="outlined" label={`Paid ${dayLabel(invoice.paidOn)}`} />;
  if (invoice.overdue) return <Chip size="small" color="error" label="Overdue" />;
  return <Chip size="small" variant="outlined" label={invoice.totalCents > 0 ? `Due ${dayLabel(invoice.dueDate)}` : 'Nothing owed'} />;
}

const PdfLink = ({ id, text = 'PDF' }: { id: number; text?: string }) => (
  <Link href={invoicePdfUrl(id)} target="_blank" rel="noopener" aria-label={`Open invoice ${id} as PDF`}>
    {text}
  </Link>
);

const money = (cents: number) => formatPrice(cents);

/** A figure of a statement's heading: its label above, the amount below. */
function Figure({ label, cents, alert }: { label: string; cents: number; alert?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, color: alert ? 'error.main' : 'text.primary' }}>{money(cents)}</Typography>
    </Box>
  );
}

function InvoiceTable({ statement }: { statement: Statement }) {
  const label = `Invoices of ${monthLabel(statement.month)}`;
  return (
    <TableContainer tabIndex={0} aria-label={label} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {['Invoice', 'Date', 'Video', 'Copies', 'Total', 'Due date', 'Status', 'PDF'].map((h, i) => (
              <TableCell key={h} align={i === 3 || i === 4 ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {statement.invoices.map((inv) => (
            <TableRow key={inv.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{inv.id}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayLabel(inv.orderDate)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {inv.videoTitle || 'Untitled video'}
                {inv.customerName && (
                  <Typography variant="body2" color="text.secondary" component="div">
                    {inv.customerName}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{inv.copies}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(inv.totalCents)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayLabel(inv.dueDate)}</TableCell>
              <TableCell>
                <InvoiceStatus invoice={inv} />
              </TableCell>
              <TableCell>
                <PdfLink id={inv.id} text="Open" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** On a phone: a card per invoice, every figure in sight. */
function InvoiceCards({ statement }: { statement: Statement }) {
  return (
    <Stack component="ul" spacing={1} aria-label={`Invoices of ${monthLabel(statement.month)}`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {statement.invoices.map((inv) => (
        <Box component="li" key={inv.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>Invoice {inv.id}</Typography>
            <Typography sx={{ fontWeight: 600 }}>{money(inv.totalCents)}</Typography>
          </Box>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {inv.videoTitle || 'Untitled video'}
            {inv.customerName ? ` · ${inv.customerName}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {dayLabel(inv.orderDate)} · {inv.copies} {inv.copies === 1 ? 'copy' : 'copies'} · due {dayLabel(inv.dueDate)}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 1 }}>
            <InvoiceStatus invoice={inv} />
            <PdfLink id={inv.id} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function StatementCard({ statement, phone }: { statement: Statement; phone: boolean }) {
  const headingId = `statement-${statement.month}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', columnGap: 4, rowGap: 1, mb: 1.5 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, flexGrow: 1, minWidth: { xs: '100%', sm: 0 } }}>
          {monthLabel(statement.month)}
        </Typography>
        <Figure label="Invoiced" cents={statement.invoicedCents} />
        <Figure label="Paid" cents={statement.paidCents} />
        <Figure label="Balance" cents={statement.balanceCents} alert={statement.invoices.some((i) => i.overdue)} />
      </Box>
      {phone ? <InvoiceCards statement={statement} /> : <InvoiceTable statement={statement} />}
    </Paper>
  );
}

/**
 * /reports/statement_history, the drawer's Billing link (spec 1 section 2.10): the organization's invoices as one
 * statement per month, with what is owed and overdue, each invoice openable as a PDF.
 */
export function StatementHistoryPage() {
  const { data, error, isLoading, mutate } = useStatementHistory();
  const phone = usePhone();
  if (error instanceof ServerProblem && error.status === 404) {
    return (
      <Page title={TITLE} maxWidth="md">
        <Alert severity="info">Billing is not turned on for your organization, so it has no statements here. Please contact support about your account.</Alert>
      </Page>
    );
  }
  return (
    <Page title={TITLE}>
      {error ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void mutate()}>Retry</Button>}>
          {(error as Error).message}
        </Alert>
      ) : isLoading || !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress aria-label="Loading the statements" />
        </Box>
      ) : (
        <Stack spacing={2}>
          <Typography color="text.secondary" sx={{ maxWidth: '75ch' }}>
            {data.organizationName}: one statement for each month in which copies were ordered. An invoice is due on its due
            date (the order date plus its payment terms); open one as a PDF to print it or pass it on.
          </Typography>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'flex', flexWrap: 'wrap', columnGap: 6, rowGap: 1.5 }} aria-label="Account summary">
            <Figure label="Balance due" cents={data.balanceCents} />
            <Figure label="Overdue" cents={data.overdueCents} alert={data.overdueCents > 0} />
          </Paper>
          {data.truncated && <Alert severity="info">The newest {MAX_LISTED_INVOICES.toLocaleString('en-US')} invoices are shown; ask support for older statements.</Alert>}
          {data.statements.length === 0 ? (
            <Alert severity="info">No statements yet: a statement appears here for each month in which your organization orders copies.</Alert>
          ) : (
            data.statements.map((s) => <StatementCard key={s.month} statement={s} phone={phone} />)
          )}
        </Stack>
      )}
    </Page>
  );
}
