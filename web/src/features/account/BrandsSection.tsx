import { Add } from '@mui/icons-material';
import { Box, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { AdminTable, BrandDialog, ListToolbar, RowActions, SearchField, StatusChip, useConfirm, useListState, type Brand, type Column } from '../settings/index.ts';
import { createOwnBrand, updateOwnBrand, useOwnBrands } from './api.ts';
import { BrandLogoDialog } from './BrandLogoDialog.tsx';
import { Section } from './Section.tsx';

const COLUMNS: Column<Brand>[] = [
  {
    label: 'Name',
    render: (b) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {b.logoUrl && <Box component="img" src={b.logoUrl} alt="" sx={{ width: 40, height: 24, objectFit: 'contain' }} />}
        <span>{b.name}</span>
      </Stack>
    ),
  },
  { label: 'Status', render: (b) => <StatusChip disabled={b.disabled} /> },
];

/** The names (and logos) the organization makes videos under; staff see them, administrators manage them. */
export function BrandsSection({ canManage }: { canManage: boolean }) {
  const list = useListState(10);
  const { data, error, isValidating, mutate } = useOwnBrands(list.search, list.page, list.perPage);
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [logoOf, setLogoOf] = useState<Brand | null>(null);
  const [confirmDialog, ask] = useConfirm();

  const save = async ({ name }: { name: string }) => {
    if (editing === 'new') await createOwnBrand(name);
    else if (editing) await updateOwnBrand(editing.id, { name });
    setEditing(null);
    await mutate();
  };

  const toggle = (b: Brand) =>
    ask({
      title: b.disabled ? 'Enable brand?' : 'Disable brand?',
      message: b.disabled ? `${b.name} can be chosen for videos again.` : `${b.name} will no longer be offered for new videos.`,
      confirmLabel: b.disabled ? 'Enable' : 'Disable',
      danger: !b.disabled,
      action: async () => {
        await updateOwnBrand(b.id, { disabled: !b.disabled });
        await mutate();
      },
    });

  return (
    <Section title="Brands" description="The names your videos can be made under, each with an optional logo.">
      <ListToolbar>
        <SearchField label="Search brands" value={list.typed} onChange={list.setTyped} />
        {canManage && (
          <Button variant="outlined" startIcon={<Add />} onClick={() => setEditing('new')} sx={{ ml: { sm: 'auto' } }}>
            New brand
          </Button>
        )}
      </ListToolbar>
      <AdminTable
        label="Brands"
        rows={data?.brands}
        rowKey={(b) => b.id}
        columns={COLUMNS}
        dimmed={(b) => b.disabled}
        actions={
          canManage
            ? (b) => (
                <>
                  <Button size="small" onClick={() => setLogoOf(b)} aria-label={`Logo of ${b.name}`}>
                    Logo
                  </Button>
                  <RowActions name={b.name} disabled={b.disabled} onEdit={() => setEditing(b)} onToggle={() => toggle(b)} />
                </>
              )
            : undefined
        }
        loading={isValidating}
        error={error}
        emptyText={list.search ? 'No brands match.' : 'No brands yet.'}
        total={data?.total ?? 0}
        list={list}
      />
      {editing && (
        <BrandDialog
          key={editing === 'new' ? 'new' : editing.id}
          brand={editing === 'new' ? undefined : editing}
          chooseOrganization={false}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
      {logoOf && (
        <BrandLogoDialog
          brand={logoOf}
          onChanged={(brand) => {
            setLogoOf(brand);
            void mutate();
          }}
          onClose={() => setLogoOf(null)}
        />
      )}
      {confirmDialog}
    </Section>
  );
}
