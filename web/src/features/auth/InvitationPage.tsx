import { Alert, Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { acceptInvitation, messageOf, useInvitation } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { PasswordField } from './PasswordField.tsx';
import { MIN_PASSWORD_LENGTH, passwordInput } from './rules.ts';
import { TextLink } from './TextLink.tsx';

export function InvitationPage({ params }: { params: Record<string, string | undefined> }) {
  const token = params.token ?? '';
  const { data: invitation, error: linkError, isLoading } = useInvitation(token);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await acceptInvitation(token, { name, password });
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
  if (linkError || !invitation) {
    return (
      <AuthCard title="Invitation" footer={<TextLink href="/users/login">Go to log in</TextLink>}>
        <Alert severity="warning">{messageOf(linkError)}</Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={`Join ${invitation.organizationName}`}
      intro="You have been invited to make tribute videos with your colleagues. Choose your name and a password to finish."
    >
      <Box component="form" onSubmit={submit}>
        <Stack spacing={2.5}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField label="Email" value={invitation.email} autoComplete="username" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
          <TextField
            name="name"
            label="Your name"
            autoComplete="name"
            required
            autoFocus
            fullWidth
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 250 } }}
          />
          <PasswordField
            name="password"
            label="Password"
            autoComplete="new-password"
            required
            fullWidth
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            helperText={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            inputProps={passwordInput}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Joining...' : `Join ${invitation.organizationName}`}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
