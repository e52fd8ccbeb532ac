import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useSearchParams } from 'wouter';
import { register } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { PasswordField } from './PasswordField.tsx';
import { MIN_PASSWORD_LENGTH, passwordInput } from './rules.ts';
import { TextLink } from './TextLink.tsx';
import { useSignInForm } from './useSignInForm.ts';

/** Sign-up for a new funeral home; its first user becomes the organization's administrator. */
export function RegisterPage() {
  const [search] = useSearchParams();
  const { error, busy, onSubmit } = useSignInForm(register, '/dashboard', search.get('error'));

  return (
    <AuthCard
      title="Create your account"
      intro="Set up your funeral home to start making tribute videos."
      footer={
        <Typography>
          Already have an account? <TextLink href="/users/login">Log in</TextLink>
        </Typography>
      }
    >
      <Box component="form" method="post" action="/users/register" onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField name="name" label="Your name" autoComplete="name" required autoFocus fullWidth slotProps={{ htmlInput: { maxLength: 250 } }} />
          <TextField
            name="organization"
            label="Funeral home or organization"
            autoComplete="organization"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 250 } }}
          />
          <TextField name="email" type="email" label="Email" autoComplete="email" required fullWidth />
          <PasswordField
            name="password"
            label="Password"
            autoComplete="new-password"
            required
            fullWidth
            helperText={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            inputProps={passwordInput}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Creating your account...' : 'Create account'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
