import { Add, Login } from '@mui/icons-material';
import { Button, Snackbar } from '@mui/material';
import { useState } from 'react';
import { useMe } from '../../../api/index.ts';
import { Page } from '../../../ui/index.ts';
import { switchToUser } from '../../auth/index.ts';
import { createUser, updateUser, useUserPage, type AdminUser, type NewUser } from '../api.ts';
import { AdminTable, type Column } from '../components/AdminTable.tsx';
import { formatDate, ROLE_LABELS } from '../components/format.ts';
import { ListToolbar } from '../components/ListToolbar.tsx';
import { OrganizationPicker, type OrganizationOption } from '../components/OrganizationPicker.tsx';
import { RowActions } from '../components/RowActions.tsx';
import { SearchField } from '../components/SearchField.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { useConfirm } from '../components/useConfirm.tsx';
import { useListState } from '../components/useListState.ts';
import { UserDialog } from './UserDialog.tsx';

const COLUMNS: Column<AdminUser>[] = [
  { label: 'Name', render: (u) => u.name || '—' },
  { label: 'Email', render: (u) => u.email },
  { label: 'Organization', render: (u) => u.organizationName ?? '—', secondary: true },
  { label: 'Role', render: (u) => ROLE_LABELS[u.role] },
  { label: 'Last login', render: (u) => formatDate(u.lastLoginAt), secondary: true },
  { label: 'Status', render: (u) => <StatusChip disabled={u.disabled} /> },
];

/** Super users' list of every user: search, create (or invite), edit, disable, and log in as them. */
export function UsersPage() {
  const { user: me } = useMe();
  const list = useListState();
  const [organization, setOrganization] = useState<OrganizationOption | null>(null);
  const { data, error, isValidating, mutate } = useUserPage(list.search, organization?.id, list.page, list.perPage);
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  const [confirmDialog, ask] = useConfirm();

  const save = async (values: NewUser) => {
    if (editing === 'new') {
      const created = await createUser(values);
      setNotice(created.invitation ? `Invitation sent to ${created.invitation.email}.` : `${values.name} can now log in.`);
    } else if (editing) {
      const { password: _unused, sendInvitation: _never, ...changes } = values;
      await updateUser(editing.id, changes);
    }
    setEditing(null);
    await mutate();
  };

  const toggle = (u: AdminUser) =>
    ask({
      title: u.disabled ? 'Enable user?' : 'Disable user?',
      message: u.disabled
        ? `${u.name || u.email} will be able to log in again.`
        : `${u.name || u.email} will be logged out everywhere and will not be able to log in.`,
      confirmLabel: u.disabled ? 'Enable' : 'Disable',
      danger: !u.disabled,
      action: async () => {
        await updateUser(u.id, { disabled: !u.disabled });
        await mutate();
      },
    });

  const logInAs = async (u: AdminUser) => {
    try {
      await switchToUser(u.id);
      window.location.assign('/dashboard');
    } catch {
      // Shown by the alert dialog.
    }
  };

  return (
    <Page
      title="Users"
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          New user
        </Button>
      }
    >
      <ListToolbar>
        <SearchField label="Search by name or email" value={list.typed} onChange={list.setTyped} />
        <OrganizationPicker
          label="Filter by organization"
          size="small"
          sx={{ width: { xs: '100%', sm: 300 } }}
          value={organization}
          onChange={(next) => {
            setOrganization(next);
            list.resetPage();
          }}
        />
      </ListToolbar>
      <AdminTable
        label="Users"
        rows={data?.users}
        rowKey={(u) => u.id}
        columns={COLUMNS}
        dimmed={(u) => u.disabled}
        actions={(u) => (
          <>
            {u.id !== me?.id && !u.disabled && (
              <Button size="small" startIcon={<Login />} onClick={() => logInAs(u)} aria-label={`Log in as ${u.name || u.email}`}>
                Log in as
              </Button>
            )}
            <RowActions name={u.name || u.email} disabled={u.disabled} canToggle={u.id !== me?.id} onEdit={() => setEditing(u)} onToggle={() => toggle(u)} />
          </>
        )}
        loading={isValidating}
        error={error}
        emptyText={list.search || organization ? 'No users match.' : 'No users yet.'}
        total={data?.total ?? 0}
        list={list}
      />
      {editing && (
        <UserDialog
          key={editing === 'new' ? 'new' : editing.id}
          user={editing === 'new' ? undefined : editing}
          isSelf={editing !== 'new' && editing.id === me?.id}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
      {confirmDialog}
      <Snackbar open={Boolean(notice)} autoHideDuration={6000} onClose={() => setNotice('')} message={notice} />
    </Page>
  );
}
