import { MenuItem, TextField } from '@mui/material';
import type { Role } from '../api.ts';
import { ROLE_LABELS } from '../components/format.ts';

interface Props {
  value: Role;
  onChange: (role: Role) => void;
  roles?: Role[];
  disabled?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  label?: string;
}

/** Chooses a role by its plain name. */
export function RoleSelect({ value, onChange, roles = ['staff', 'org_admin', 'super'], disabled, helperText, size, label = 'Role' }: Props) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as Role)}
      disabled={disabled}
      helperText={helperText}
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
