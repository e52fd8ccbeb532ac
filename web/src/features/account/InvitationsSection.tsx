import { Send } from '@mui/icons-material';
import { Box, Button, List, ListItem, ListItemText, Snackbar, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { email, formatDate, ROLE_LABELS, RoleSelect, useConfirm, type Role } from '../settings/index.ts';
import { invite, revokeInvitation, useInvitations } from './api.ts';
import { Section } from './Section.tsx';

/** Invite a colleague by email; the link in the email lets them choose a password and join. */
export function InvitationsSection() {
  const { data, error, mutate } = useInvitations();
  const [address, setAddress] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [addressError, setAddressError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [confirmDialog, ask] = useConfirm();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const problem = email(address);
    setAddressError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const { invitation } = await invite(address.trim(), role);
      setNotice(`Invitation sent to ${invitation.email}.`);
      setAddress('');
      await mutate();
    } catch {
      // Shown by the alert dialog.
    } finally {
      setBusy(false);
    }
  };

  const invitations = data?.invitations ?? [];
  return (
    <Section title="Invitations" description="Invited people get an email with a link that works once, for 7 days.">
      <Box component="form" onSubmit={send} noValidate sx={{ mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="Email address"
            name="email"
            type="email"
            size="small"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            onBlur={() => address && setAddressError(email(address))}
            error={Boolean(addressError)}
            helperText={addressError}
            sx={{ flexGrow: 1 }}
          />
          <Box sx={{ width: { xs: '100%', sm: 220 } }}>
            <RoleSelect size="small" label="Invite as" value={role} onChange={setRole} roles={['staff', 'org_admin']} />
          </Box>
          <Button type="submit" variant="contained" startIcon={<Send />} disabled={busy}>
            Send invitation
          </Button>
        </Stack>
      </Box>
      {error && <Typography color="error">{error.message}</Typography>}
      {invitations.length === 0 ? (
        <Typography color="text.secondary">No open invitations.</Typography>
      ) : (
        <List aria-label="Open invitations" dense disablePadding>
          {invitations.map((inv) => (
            <ListItem
              key={inv.id}
              divider
              secondaryAction={
                <Button
                  size="small"
                  color="error"
                  aria-label={`Revoke the invitation to ${inv.email}`}
                  onClick={() =>
                    ask({
                      title: 'Revoke invitation?',
                      message: `The link sent to ${inv.email} will stop working.`,
                      confirmLabel: 'Revoke',
                      danger: true,
                      action: async () => {
                        await revokeInvitation(inv.id);
                        await mutate();
                      },
                    })
                  }
                >
                  Revoke
                </Button>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={inv.email}
                secondary={`${ROLE_LABELS[inv.role]} · expires ${formatDate(inv.expiresAt)}${inv.createdByName ? ` · invited by ${inv.createdByName}` : ''}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {confirmDialog}
      <Snackbar open={Boolean(notice)} autoHideDuration={6000} onClose={() => setNotice('')} message={notice} />
    </Section>
  );
}
