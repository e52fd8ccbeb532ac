import { MenuItem, TextField } from '@mui/material';
import type { Role } from '../api.ts';
import { ROLE_LABELS } from '../components/format.ts';

interface Props {
  value: Role;
  onChange: (role: Role) => void;
  roles?: Role[];
  disabled?: boolean;
  helperText?: string;
  /** A message about the chosen role, shown in place of the helper text. */
  error?: string;
  size?: 'small' | 'medium';
  label?: string;
}

/** Chooses a role by its plain name. */
export function RoleSelect({ value, onChange, roles = ['staff', 'org_admin', 'super'], disabled, helperText, error, size, label = 'Role' }: Props) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as Role)}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      size={size}
      fullWidth
    >
      {roles.map((role) => (
        <MenuItem key={role} value={role}>
          {ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}
