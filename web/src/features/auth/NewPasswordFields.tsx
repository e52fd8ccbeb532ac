import { Stack } from '@mui/material';
import { PasswordField } from './PasswordField.tsx';
import { MIN_PASSWORD_LENGTH, passwordInput } from './rules.ts';

interface Props {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** Set once the form was sent, so a half-typed confirmation is not flagged too early. */
  checked: boolean;
}

export const passwordsMatch = (password: string, confirm: string): boolean => password === confirm;

/** A new password typed twice. */
export function NewPasswordFields({ password, confirm, onPassword, onConfirm, checked }: Props) {
  const mismatch = checked && !passwordsMatch(password, confirm);
  return (
    <Stack spacing={2.5}>
      <PasswordField
        name="password"
        label="New password"
        autoComplete="new-password"
        required
        fullWidth
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        helperText={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        inputProps={passwordInput}
      />
      <PasswordField
        name="confirm"
        label="Confirm new password"
        autoComplete="new-password"
        required
        fullWidth
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        error={mismatch}
        helperText={mismatch ? 'The two passwords are not the same.' : ' '}
        inputProps={passwordInput}
      />
    </Stack>
  );
}
