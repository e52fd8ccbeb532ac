import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'wouter';
import { login } from './api.ts';
import { OutlinedField } from '../../ui/OutlinedField.tsx';
import { AuthCard } from './AuthCard.tsx';
import { PasswordField } from './PasswordField.tsx';
import { TextLink } from './TextLink.tsx';
import { safeNext, useSignInForm } from './useSignInForm.ts';

/** The server sends a plain post back here with ?error= (a wrong password, a disabled account, the lock after too many tries). */
export function LoginPage() {
  const [search] = useSearchParams();
  const next = search.get('next');
  const { error, busy, onSubmit } = useSignInForm(login, safeNext(next), search.get('error'));
  return (
    <AuthCard
      title="Log in"
      footer={
        <Typography>
          New here? <TextLink href="/users/register">Create an account</TextLink>
        </Typography>
      }
    >
      <Box component="form" method="post" action="/users/login" onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {next && <input type="hidden" name="next" value={next} />}
          <OutlinedField name="email" type="email" label="Email" autoComplete="username" required autoFocus fullWidth />
          <PasswordField name="password" label="Password" autoComplete="current-password" required fullWidth />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Logging in...' : 'Log in'}
          </Button>
          <Box sx={{ textAlign: 'center' }}>
            <TextLink href="/users/forgot_password">Forgot your password?</TextLink>
          </Box>
        </Stack>
      </Box>
    </AuthCard>
  );
}
