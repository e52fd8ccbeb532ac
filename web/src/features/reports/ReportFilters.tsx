import { Download } from '@mui/icons-material';
import { Button, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { PERIODS, type Period } from '../../../../common/reports.ts';
import { ListToolbar } from '../settings/components/ListToolbar.tsx';
import { OrganizationPicker, type OrganizationOption } from '../settings/components/OrganizationPicker.tsx';

export interface FilterState {
  from: string;
  to: string;
  organization: OrganizationOption | null;
  period: Period;
}

interface Props {
  value: FilterState;
  onChange: (next: FilterState) => void;
  /** What the dates filter on ('Order date'), shown in their labels. */
  dateMeaning: string;
  byPeriod: boolean;
  csvHref: string;
}

const PERIOD_LABELS: Record<Period, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** The filters every report page has: a date range, an organization, by day, week or month (charts), and the CSV. */
export function ReportFilters({ value, onChange, dateMeaning, byPeriod, csvHref }: Props) {
  const set = (change: Partial<FilterState>) => onChange({ ...value, ...change });
  // A date input answers '' while a typed date is incomplete: the range waits for a whole one, unless it may be open.
  const date = (field: 'from' | 'to', label: string) => (
    <TextField
      type="date"
      size="small"
      label={`${dateMeaning} ${label}`}
      name={field}
      value={value[field]}
      onChange={(e) => {
        if (e.target.value || !byPeriod) set({ [field]: e.target.value });
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: field === 'from' ? value.to || undefined : undefined, min: field === 'to' ? value.from || undefined : undefined } }}
      sx={{ width: { sm: 190 } }}
    />
  );
  return (
    <ListToolbar>
      {date('from', 'from')}
      {date('to', 'to')}
      <OrganizationPicker label="Organization" size="small" value={value.organization} onChange={(organization) => set({ organization })} sx={{ width: { xs: '100%', sm: 280 } }} />
      {byPeriod && (
        <ToggleButtonGroup size="small" color="primary" exclusive value={value.period} onChange={(_, period: Period | null) => period && set({ period })} aria-label="Figures by">
          {PERIODS.map((p) => (
            <ToggleButton key={p} value={p} sx={{ px: 2, color: 'text.primary' }}>
              {PERIOD_LABELS[p]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <Button variant="outlined" startIcon={<Download />} href={csvHref} download sx={{ ml: { sm: 'auto' } }}>
        Export CSV
      </Button>
    </ListToolbar>
  );
}
