import { Autocomplete, TextField, type SxProps, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { searchOrganizations } from '../api.ts';
import { SEARCH_DELAY_MS } from './useListState.ts';

export interface OrganizationOption {
  id: number;
  organizationName: string;
}

interface Props {
  label?: string;
  value: OrganizationOption | null;
  onChange: (value: OrganizationOption | null) => void;
  error?: string;
  required?: boolean;
  size?: 'small' | 'medium';
  /** Filters set their width here; form fields fill the row. */
  sx?: SxProps<Theme>;
}

/** Chooses an organization by typing part of its name (any of thousands, fetched as the user types). */
export function OrganizationPicker({ label = 'Organization', value, onChange, error, required, size, sx = { width: '100%' } }: Props) {
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<OrganizationOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(() => {
      setLoading(true);
      searchOrganizations(value && input === value.organizationName ? '' : input)
        .then((found) => current && setOptions(found))
        .catch(() => current && setOptions([]))
        .finally(() => current && setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [input, open, value]);

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(o) => o.organizationName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={loading}
      size={size}
      sx={sx}
      noOptionsText="No organizations match"
      renderInput={(params) => <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error} />}
    />
  );
}
