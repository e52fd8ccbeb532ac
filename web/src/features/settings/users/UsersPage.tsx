import { Login } from '@mui/icons-material';
import { Button, Link as MuiLink } from '@mui/material';
import { Link } from 'wouter';
import { useMemo } from 'react';
import { useMe } from '../../../api/index.ts';
import { switchToUser } from '../../auth/index.ts';
import { createUser, updateUser, type AdminUser, type NewUser } from '../api.ts';
import { formatDate, ROLE_LABELS } from '../components/format.ts';
import { StatusChip } from '../components/StatusChip.tsx';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import type { ResourceDeclaration, ResourceFormProps } from '../resource/types.ts';
import { UserDialog } from './UserDialog.tsx';

const logInAs = async (u: AdminUser) => {
  try {
    await switchToUser(u.id);
    window.location.assign('/dashboard');
  } catch {
    // Shown by the alert dialog.
  }
};

/** A new user gets a first password or an emailed invitation, which declared fields cannot say: UserDialog's own form. */
function UserForm({ row, onClose, onSave, problemsOf }: ResourceFormProps<AdminUser>) {
  const { user: me } = useMe();
  return <UserDialog user={row} isSelf={row !== undefined && row.id === me?.id} onClose={onClose} onSave={(values) => onSave({ ...values })} problemsOf={problemsOf} />;
}

async function saveUser(row: AdminUser | undefined, values: Record<string, unknown>): Promise<string | void> {
  const user = values as unknown as NewUser;
  if (!row) {
    const created = await createUser(user);
    return created.invitation ? `Invitation sent to ${created.invitation.email}.` : `${user.name} can now log in.`;
  }
  const { password: _unused, sendInvitation: _never, ...changes } = user;
  await updateUser(row.id, changes);
}

function usersResource(myId: number | undefined): ResourceDeclaration<AdminUser> {
  return {
    title: 'Users',
    noun: 'user',
    path: '/r/settings/users',
    listKey: 'users',
    searchLabel: 'Search by name or email',
    columns: [
      {
        label: 'Name',
        render: (u) => (
          <MuiLink component={Link} href={`/settings/users/${u.id}`}>
            {u.name || '—'}
          </MuiLink>
        ),
      },
      { label: 'Email', render: (u) => u.email },
      { label: 'Organization', render: (u) => u.organizationName ?? '—', secondary: true },
      { label: 'Role', render: (u) => ROLE_LABELS[u.role] },
      { label: 'Last login', render: (u) => formatDate(u.lastLoginAt), secondary: true },
      { label: 'Status', render: (u) => <StatusChip disabled={u.disabled} /> },
    ],
    filters: [{ kind: 'organization', param: 'organization_id' }],
    form: UserForm,
    save: saveUser,
    rowName: (u) => u.name || u.email,
    toggle: {
      key: 'disabled',
      enableMessage: (u) => `${u.name || u.email} will be able to log in again.`,
      disableMessage: (u) => `${u.name || u.email} will be logged out everywhere and will not be able to log in.`,
      canToggle: (u) => u.id !== myId,
    },
    rowActions: (u) =>
      u.id !== myId &&
      !u.disabled && (
        <Button size="small" startIcon={<Login />} onClick={() => logInAs(u)} aria-label={`Log in as ${u.name || u.email}`}>
          Log in as
        </Button>
      ),
  };
}

/** Super users' list of every user: search, create (or invite), edit, disable, and log in as them. */
export function UsersPage() {
  const { user: me } = useMe();
  const resource = useMemo(() => usersResource(me?.id), [me?.id]);
  return <AdminResourcePage resource={resource} />;
}
