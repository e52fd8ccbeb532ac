import { TextField } from '@mui/material';
import { useState } from 'react';
import { collect, FormDialog, hasErrors, InvalidForm, maxLength, required, RoleSelect, type AdminUser, type FieldErrors, type Role } from '../settings/index.ts';

interface Props {
  user: AdminUser;
  onClose: () => void;
  onSave: (values: { name: string; role: Role }) => Promise<void>;
}

/** An administrator renames a colleague or makes them an administrator (or staff again). */
export function StaffDialog({ user, onClose, onSave }: Props) {
  const [name, setName] = useState(user.name);
  const [role, setRole] = useState<Role>(user.role);
  const [errors, setErrors] = useState<FieldErrors<'name'>>({});
  const check = () => collect({ name: [required(name, 'name'), maxLength(name, 'name')] });

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (hasErrors(found)) throw new InvalidForm();
    await onSave({ name: name.trim(), role });
  };

  return (
    <FormDialog open title={`Edit ${user.name || user.email}`} submitLabel="Save" onClose={onClose} onSubmit={submit}>
      <TextField
        label="Name"
        name="name"
        value={name}
        required
        onChange={(e) => setName(e.target.value)}
        onBlur={() => setErrors(check())}
        error={Boolean(errors.name)}
        helperText={errors.name}
        fullWidth
      />
      <RoleSelect
        value={role}
        onChange={setRole}
        roles={['staff', 'org_admin']}
        helperText="Organization admins can change these settings, manage brands and invite people."
      />
    </FormDialog>
  );
}
