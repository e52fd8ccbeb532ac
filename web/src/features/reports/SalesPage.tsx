import { Stack } from '@mui/material';
import { reportInfo } from '../../../../common/reports.ts';
import { PeriodChart } from './PeriodChart.tsx';
import { ReportPage } from './ReportPage.tsx';

/** /statistics/sales_main: revenue, orders and copies by day, week or month. */
export function SalesPage() {
  return (
    <ReportPage
      info={reportInfo('sales_main')}
      above={(report) => (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <PeriodChart report={report} title="Revenue" type="bar" keys={['revenue_cents']} />
          <PeriodChart report={report} title="Orders and copies" type="line" keys={['orders', 'copies']} />
        </Stack>
      )}
    />
  );
}
