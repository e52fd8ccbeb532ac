import { Search } from '@mui/icons-material';
import { InputAdornment, TextField } from '@mui/material';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above an admin list; the list applies it shortly after typing stops. */
export function SearchField({ label, value, onChange }: Props) {
  return (
    <TextField
      label={label}
      type="search"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
