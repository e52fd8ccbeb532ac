import { Add } from '@mui/icons-material';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Page } from '../../../ui/index.ts';
import { createBrand, updateBrand, useBrandPage, type Brand } from '../api.ts';
import { AdminTable, type Column } from '../components/AdminTable.tsx';
import { ListToolbar } from '../components/ListToolbar.tsx';
import { OrganizationPicker, type OrganizationOption } from '../components/OrganizationPicker.tsx';
import { RowActions } from '../components/RowActions.tsx';
import { SearchField } from '../components/SearchField.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { useConfirm } from '../components/useConfirm.tsx';
import { useListState } from '../components/useListState.ts';
import { BrandDialog } from './BrandDialog.tsx';

const COLUMNS: Column<Brand>[] = [
  { label: 'Name', render: (b) => b.name },
  { label: 'Organization', render: (b) => b.organizationName },
  { label: 'Status', render: (b) => <StatusChip disabled={b.disabled} /> },
];

/** Super users' list of every organization's brands, filterable by organization. */
export function BrandsPage() {
  const list = useListState();
  const [organization, setOrganization] = useState<OrganizationOption | null>(null);
  const { data, error, isValidating, mutate } = useBrandPage(list.search, organization?.id, list.page, list.perPage);
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [confirmDialog, ask] = useConfirm();

  const save = async (values: { name: string; organizationId?: number }) => {
    if (editing === 'new') await createBrand({ name: values.name, organizationId: values.organizationId! });
    else if (editing) await updateBrand(editing.id, { name: values.name });
    setEditing(null);
    await mutate();
  };

  const toggle = (b: Brand) =>
    ask({
      title: b.disabled ? 'Enable brand?' : 'Disable brand?',
      message: b.disabled
        ? `${b.name} can be chosen for videos again.`
        : `${b.name} will no longer be offered for new videos. Videos that use it keep it.`,
      confirmLabel: b.disabled ? 'Enable' : 'Disable',
      danger: !b.disabled,
      action: async () => {
        await updateBrand(b.id, { disabled: !b.disabled });
        await mutate();
      },
    });

  return (
    <Page
      title="Brands"
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          New brand
        </Button>
      }
    >
      <ListToolbar>
        <SearchField label="Search brands" value={list.typed} onChange={list.setTyped} />
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
        label="Brands"
        rows={data?.brands}
        rowKey={(b) => b.id}
        columns={COLUMNS}
        dimmed={(b) => b.disabled}
        actions={(b) => <RowActions name={b.name} disabled={b.disabled} onEdit={() => setEditing(b)} onToggle={() => toggle(b)} />}
        loading={isValidating}
        error={error}
        emptyText={list.search || organization ? 'No brands match.' : 'No brands yet.'}
        total={data?.total ?? 0}
        list={list}
      />
      {editing && (
        <BrandDialog
          key={editing === 'new' ? 'new' : editing.id}
          brand={editing === 'new' ? undefined : editing}
          organization={organization}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
      {confirmDialog}
    </Page>
  );
}
