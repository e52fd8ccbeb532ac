import { Alert, Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { messageOf, resetPassword, usePasswordReset } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { NewPasswordFields, passwordsMatch } from './NewPasswordFields.tsx';
import { TextLink } from './TextLink.tsx';

export function ResetPasswordPage({ params }: { params: Record<string, string | undefined> }) {
  const token = params.token ?? '';
  const { data, error: linkError, isLoading } = usePasswordReset(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!passwordsMatch(password, confirm)) return;
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      window.location.assign('/dashboard');
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  }

  if (isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (linkError || !data) {
    return (
      <AuthCard title="Choose a new password" footer={<TextLink href="/users/login">Back to log in</TextLink>}>
        <Stack spacing={2.5}>
          <Alert severity="warning">{messageOf(linkError)}</Alert>
          <Button component={Link} href="/users/forgot_password" variant="contained" fullWidth>
            Send me a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" intro="After saving you are logged in, and every other device is logged out.">
      <Box component="form" onSubmit={submit}>
        <Stack spacing={2.5}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField label="Email" value={data.email} autoComplete="username" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
          <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} checked={checked} />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Saving...' : 'Save password and log in'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
