import { MenuItem, Stack, Switch, TextField, FormControlLabel } from '@mui/material';
import { SORT_OPTIONS, type SortKey } from './sort.ts';

export interface SortFilterState {
  sort: SortKey;
  reverse: boolean;
  showViews: boolean;
  filter: string;
}

interface Props {
  value: SortFilterState;
  onChange: (change: Partial<SortFilterState>) => void;
  /** Ids differ between the sidebar and the dialog, which can both be in the page while the window is resized. */
  idPrefix: string;
}

export function SortFilterControls({ value, onChange, idPrefix }: Props) {
  return (
    <Stack spacing={2}>
      <TextField
        id={`${idPrefix}-sort`}
        select
        label="Sort By"
        value={value.sort}
        onChange={(e) => onChange({ sort: e.target.value as SortKey })}
        size="small"
        fullWidth
      >
        {SORT_OPTIONS.map((o) => (
          <MenuItem key={o.key} value={o.key}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={value.reverse} onChange={(e) => onChange({ reverse: e.target.checked })} />}
        label="Reverse Sort"
      />
      <FormControlLabel
        control={<Switch checked={value.showViews} onChange={(e) => onChange({ showViews: e.target.checked })} />}
        label="Show Views"
      />
      <TextField
        id={`${idPrefix}-filter`}
        type="search"
        label="Filter by Title"
        value={value.filter}
        onChange={(e) => onChange({ filter: e.target.value })}
        size="small"
        fullWidth
        autoComplete="off"
      />
    </Stack>
  );
}
