import { Stack } from '@mui/material';
import { reportInfo } from '../../../../common/reports.ts';
import { PeriodChart } from './PeriodChart.tsx';
import { ReportPage } from './ReportPage.tsx';

/** /statistics/production: videos finalized, renders and copies shipped by day, week or month. */
export function ProductionPage() {
  return (
    <ReportPage
      info={reportInfo('production')}
      above={(report) => (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <PeriodChart report={report} title="Videos and renders" type="bar" keys={['finalized', 'renders', 'failed']} />
          <PeriodChart report={report} title="Copies shipped" type="line" keys={['shipped']} />
        </Stack>
      )}
    />
  );
}
