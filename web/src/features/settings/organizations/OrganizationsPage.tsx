import { Add } from '@mui/icons-material';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Page } from '../../../ui/index.ts';
import { createOrganization, updateOrganization, useOrganizationPage, type Organization } from '../api.ts';
import { AdminTable, type Column } from '../components/AdminTable.tsx';
import { ListToolbar } from '../components/ListToolbar.tsx';
import { RowActions } from '../components/RowActions.tsx';
import { SearchField } from '../components/SearchField.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { useConfirm } from '../components/useConfirm.tsx';
import { useListState } from '../components/useListState.ts';
import { OrganizationDialog } from './OrganizationDialog.tsx';

const COLUMNS: Column<Organization>[] = [
  { label: 'Name', render: (o) => o.organizationName },
  { label: 'Partner', render: (o) => o.partnerName || '—', secondary: true },
  { label: 'Length limit', render: (o) => `${o.videoLengthLimit} min (override ${o.maxOverrideLength})`, secondary: true },
  { label: 'Users', render: (o) => o.userCount, secondary: true },
  { label: 'Status', render: (o) => <StatusChip disabled={o.disabled} /> },
];

/** Super users' list of every organization (funeral home): search, create, edit, disable. */
export function OrganizationsPage() {
  const list = useListState();
  const { data, error, isValidating, mutate } = useOrganizationPage(list.search, list.page, list.perPage);
  const [editing, setEditing] = useState<Organization | 'new' | null>(null);
  const [confirmDialog, ask] = useConfirm();

  const save = async (values: Partial<Organization>) => {
    if (editing === 'new') await createOrganization(values);
    else if (editing) await updateOrganization(editing.id, values);
    setEditing(null);
    await mutate();
  };

  const toggle = (o: Organization) =>
    ask({
      title: o.disabled ? 'Enable organization?' : 'Disable organization?',
      message: o.disabled
        ? `${o.organizationName} will be able to use the product again.`
        : `${o.organizationName} will be marked disabled. Its videos and users are kept.`,
      confirmLabel: o.disabled ? 'Enable' : 'Disable',
      danger: !o.disabled,
      action: async () => {
        await updateOrganization(o.id, { disabled: !o.disabled });
        await mutate();
      },
    });

  return (
    <Page
      title="Organizations"
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          New organization
        </Button>
      }
    >
      <ListToolbar>
        <SearchField label="Search organizations" value={list.typed} onChange={list.setTyped} />
      </ListToolbar>
      <AdminTable
        label="Organizations"
        rows={data?.organizations}
        rowKey={(o) => o.id}
        columns={COLUMNS}
        dimmed={(o) => o.disabled}
        actions={(o) => <RowActions name={o.organizationName} disabled={o.disabled} onEdit={() => setEditing(o)} onToggle={() => toggle(o)} />}
        loading={isValidating}
        error={error}
        emptyText={list.search ? `No organizations match "${list.search}".` : 'No organizations yet.'}
        total={data?.total ?? 0}
        list={list}
      />
      {editing && (
        <OrganizationDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          organization={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
      {confirmDialog}
    </Page>
  );
}
