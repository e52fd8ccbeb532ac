import { Add, Search } from '@mui/icons-material';
import { Box, Button, FormControl, InputAdornment, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import { THEME_SORTS, type ThemeSort } from './theme-sort.ts';

interface Props {
  query: string;
  onQuery(query: string): void;
  sort: ThemeSort;
  onSort(sort: ThemeSort): void;
  showCustomTheme: boolean;
  onCustomTheme(): void;
  canApply: boolean;
  onUseTheme(): void;
}

/** Search, sort and the picker's main buttons. */
export function PickerToolbar({ query, onQuery, sort, onSort, showCustomTheme, onCustomTheme, canApply, onUseTheme }: Props) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', px: 3, pb: 2 }}>
      <TextField
        id="theme-search"
        label="Search themes"
        type="search"
        size="small"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        sx={{ flex: '1 1 220px', maxWidth: { sm: 360 } }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
      />
      <FormControl size="small" sx={{ minWidth: 200, flex: { xs: '1 1 200px', sm: '0 0 auto' } }}>
        <InputLabel id="theme-sort-label">Sort</InputLabel>
        <Select id="theme-sort" labelId="theme-sort-label" label="Sort" value={sort} onChange={(e) => onSort(e.target.value as ThemeSort)}>
          {THEME_SORTS.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Box sx={{ flexGrow: 1 }} />
      {showCustomTheme && (
        <Button variant="outlined" startIcon={<Add />} onClick={onCustomTheme}>
          Custom Theme
        </Button>
      )}
      <Button variant="contained" disabled={!canApply} onClick={onUseTheme}>
        Use Theme
      </Button>
    </Box>
  );
}
