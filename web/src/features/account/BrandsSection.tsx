import { Box, Button, Stack } from '@mui/material';
import { useMemo, useState } from 'react';
import { AdminResourceList, StatusChip, type Brand, type ResourceDeclaration } from '../settings/index.ts';
import { BrandLogoDialog } from './BrandLogoDialog.tsx';
import { Section } from './Section.tsx';

/** The brand whose logo dialog is open, and how to reload the list once it changed. */
interface LogoEdit {
  brand: Brand;
  refresh: () => Promise<unknown>;
}

function ownBrands(openLogo: ((edit: LogoEdit) => void) | undefined): ResourceDeclaration<Brand> {
  return {
    title: 'Brands',
    noun: 'brand',
    path: '/r/organizations/brands',
    listKey: 'brands',
    searchLabel: 'Search brands',
    columns: [
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
    ],
    fields: [{ key: 'name', label: 'Brand name', kind: 'text', required: true, helper: 'The name shown on videos made under this brand.' }],
    rowName: (b) => b.name,
    toggle: {
      key: 'disabled',
      enableMessage: (b) => `${b.name} can be chosen for videos again.`,
      disableMessage: (b) => `${b.name} will no longer be offered for new videos.`,
    },
    rowActions: openLogo
      ? (b, { refresh }) => (
          <Button size="small" onClick={() => openLogo({ brand: b, refresh })} aria-label={`Logo of ${b.name}`}>
            Logo
          </Button>
        )
      : undefined,
    perPage: 10,
  };
}

/** The names (and logos) the organization makes videos under; staff see them, administrators manage them. */
export function BrandsSection({ canManage }: { canManage: boolean }) {
  const [logo, setLogo] = useState<LogoEdit | null>(null);
  const resource = useMemo(() => ownBrands(canManage ? setLogo : undefined), [canManage]);
  return (
    <Section title="Brands" description="The names your videos can be made under, each with an optional logo.">
      <AdminResourceList resource={resource} frame="section" readOnly={!canManage} />
      {logo && (
        <BrandLogoDialog
          brand={logo.brand}
          onChanged={(brand) => {
            setLogo({ ...logo, brand });
            void logo.refresh();
          }}
          onClose={() => setLogo(null)}
        />
      )}
    </Section>
  );
}
