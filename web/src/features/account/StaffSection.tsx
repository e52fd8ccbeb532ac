import { Box, Chip } from '@mui/material';
import { useState } from 'react';
import { useMe } from '../../api/index.ts';
import {
  AdminTable,
  ListToolbar,
  ROLE_LABELS,
  RowActions,
  SearchField,
  StatusChip,
  useConfirm,
  useListState,
  type AdminUser,
  type Column,
  type Role,
} from '../settings/index.ts';
import { updateStaff, useStaff } from './api.ts';
import { Section } from './Section.tsx';
import { StaffDialog } from './StaffDialog.tsx';

/** The people of the organization: their role and whether they may log in. */
export function StaffSection() {
  const { user: me } = useMe();
  const list = useListState(10);
  const { data, error, isValidating, mutate } = useStaff(list.search, list.page, list.perPage);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [confirmDialog, ask] = useConfirm();

  const columns: Column<AdminUser>[] = [
    {
      label: 'Name',
      render: (u) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {u.name || '—'}
          {u.id === me?.id && <Chip size="small" label="You" sx={{ ml: 1 }} />}
        </Box>
      ),
    },
    { label: 'Email', render: (u) => u.email },
    { label: 'Role', render: (u) => ROLE_LABELS[u.role] },
    { label: 'Status', render: (u) => <StatusChip disabled={u.disabled} /> },
  ];

  // Nobody changes their own account here, and only super users change super users.
  const manageable = (u: AdminUser) => u.id !== me?.id && (u.role !== 'super' || me?.role === 'super');

  const save = async (values: { name: string; role: Role }) => {
    if (!editing) return;
    await updateStaff(editing.id, values);
    setEditing(null);
    await mutate();
  };

  const toggle = (u: AdminUser) =>
    ask({
      title: u.disabled ? 'Enable account?' : 'Disable account?',
      message: u.disabled
        ? `${u.name || u.email} will be able to log in again.`
        : `${u.name || u.email} will be logged out and will not be able to log in. Their videos stay with the organization.`,
      confirmLabel: u.disabled ? 'Enable' : 'Disable',
      danger: !u.disabled,
      action: async () => {
        await updateStaff(u.id, { disabled: !u.disabled });
        await mutate();
      },
    });

  return (
    <Section title="Staff" description="Everyone with an account in your organization.">
      <ListToolbar>
        <SearchField label="Search staff" value={list.typed} onChange={list.setTyped} />
      </ListToolbar>
      <AdminTable
        label="Staff"
        rows={data?.users}
        rowKey={(u) => u.id}
        columns={columns}
        dimmed={(u) => u.disabled}
        actions={(u) =>
          manageable(u) ? <RowActions name={u.name || u.email} disabled={u.disabled} onEdit={() => setEditing(u)} onToggle={() => toggle(u)} /> : null
        }
        loading={isValidating}
        error={error}
        emptyText={list.search ? 'No one matches.' : 'No staff yet.'}
        total={data?.total ?? 0}
        list={list}
      />
      {editing && <StaffDialog key={editing.id} user={editing} onClose={() => setEditing(null)} onSave={save} />}
      {confirmDialog}
    </Section>
  );
}
