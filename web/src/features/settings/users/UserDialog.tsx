import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useState } from 'react';
import { showAlert } from '../../../api/alerts.ts';
import type { AdminUser, NewUser, Role } from '../api.ts';
import { FormDialog } from '../components/FormDialog.tsx';
import { OrganizationPicker, type OrganizationOption } from '../components/OrganizationPicker.tsx';
import { collect, email, hasErrors, InvalidForm, maxLength, password, required, type FieldErrors } from '../components/validation.ts';
import { RoleSelect } from './RoleSelect.tsx';

/** Named as the server names them (camelCase), so its messages land beside the same fields. */
type Field = 'name' | 'email' | 'organizationId' | 'role' | 'password';

interface Props {
  /** Undefined to create a user. */
  user?: AdminUser;
  /** The signed-in super user edits their own row with the role locked. */
  isSelf: boolean;
  onClose: () => void;
  onSave: (values: NewUser) => Promise<void>;
  /** The server's field messages of a refused save (the list's problemsOf), or undefined when it was not about fields. */
  problemsOf: (err: unknown) => Record<string, string> | undefined;
}

/** Creates a user (with a first password, or by emailing an invitation) or edits one. */
export function UserDialog({ user, isSelf, onClose, onSave, problemsOf }: Props) {
  const [name, setName] = useState(user?.name ?? '');
  const [address, setAddress] = useState(user?.email ?? '');
  const [role, setRole] = useState<Role>(user?.role ?? 'staff');
  const [organization, setOrganization] = useState<OrganizationOption | null>(
    user?.organizationId ? { id: user.organizationId, organizationName: user.organizationName ?? '' } : null,
  );
  const [mode, setMode] = useState<'password' | 'invite'>('password');
  const [initialPassword, setInitialPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const inviting = !user && mode === 'invite';

  const check = () =>
    collect<Field>({
      name: [inviting ? undefined : required(name, 'name'), maxLength(name, 'name')],
      email: [email(address)],
      organizationId: [!organization && (role !== 'super' || inviting) ? 'Please choose the organization this user works for.' : undefined],
      password: [user || inviting ? undefined : password(initialPassword)],
      role: [],
    });

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (hasErrors(found)) throw new InvalidForm();
    try {
      await onSave({
        name: name.trim(),
        email: address.trim(),
        role,
        organizationId: organization?.id ?? null,
        ...(user ? {} : inviting ? { sendInvitation: true } : { password: initialPassword }),
      });
    } catch (err) {
      const problems = problemsOf(err);
      if (problems) {
        setErrors(problems);
        // A message for a field this form does not show would otherwise go unseen.
        const shown: string[] = ['email', 'organizationId', 'role', ...(inviting ? [] : ['name']), ...(user || inviting ? [] : ['password'])];
        const elsewhere = Object.entries(problems).filter(([key]) => !shown.includes(key));
        if (elsewhere.length) showAlert(elsewhere.map(([, message]) => message).join(' '));
      }
      throw err;
    }
  };

  const text = (field: 'name' | 'email', label: string, value: string, set: (v: string) => void, type = 'text') => (
    <TextField
      label={label}
      name={field}
      type={type}
      value={value}
      required={field === 'email' || !inviting}
      onChange={(e) => set(e.target.value)}
      onBlur={() => setErrors(check())}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      fullWidth
    />
  );

  return (
    <FormDialog
      open
      title={user ? `Edit ${user.name || user.email}` : 'New user'}
      submitLabel={user ? 'Save' : inviting ? 'Send invitation' : 'Create user'}
      onClose={onClose}
      onSubmit={submit}
    >
      {!inviting && text('name', 'Name', name, setName)}
      {text('email', 'Email', address, setAddress, 'email')}
      <OrganizationPicker value={organization} onChange={setOrganization} error={errors.organizationId} required={role !== 'super'} />
      <RoleSelect
        value={role}
        onChange={setRole}
        roles={inviting ? ['staff', 'org_admin'] : undefined}
        disabled={isSelf}
        helperText={isSelf ? 'You cannot change your own role.' : undefined}
        error={errors.role}
      />
      {!user && (
        <FormControl component="fieldset">
          <FormLabel component="legend">How they get in</FormLabel>
          <RadioGroup
            row
            value={mode}
            onChange={(e) => {
              const next = e.target.value as 'password' | 'invite';
              setMode(next);
              if (next === 'invite' && role === 'super') setRole('staff');
            }}
          >
            <FormControlLabel value="password" control={<Radio />} label="Set a first password" />
            <FormControlLabel value="invite" control={<Radio />} label="Email an invitation" />
          </RadioGroup>
        </FormControl>
      )}
      {!user && mode === 'password' && (
        <TextField
          label="First password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={initialPassword}
          required
          onChange={(e) => setInitialPassword(e.target.value)}
          onBlur={() => setErrors(check())}
          error={Boolean(errors.password)}
          helperText={errors.password ?? 'At least 8 characters. Tell it to the user privately.'}
          fullWidth
        />
      )}
    </FormDialog>
  );
}
