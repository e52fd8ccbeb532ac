import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { messageOf, requestPasswordReset } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { TextLink } from './TextLink.tsx';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setNotice((await requestPasswordReset(email)).message);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Forgot your password?"
      intro={notice ? undefined : 'Enter the email address you log in with and we will send you a link to choose a new password.'}
      footer={<TextLink href="/users/login">Back to log in</TextLink>}
    >
      {notice ? (
        <Alert severity="success" role="status">
          {notice}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit}>
          <Stack spacing={2.5}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <TextField
              name="email"
              type="email"
              label="Email"
              autoComplete="email"
              required
              autoFocus
              fullWidth
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
              {busy ? 'Sending...' : 'Send reset link'}
            </Button>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
