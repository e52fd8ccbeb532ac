import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { Page } from '../../ui/index.ts';
import type { Organization } from '../settings/index.ts';
import { removeOrganizationLogo, uploadOrganizationLogo, useAccountSettings, type AccountSettings } from './api.ts';
import { BrandsSection } from './BrandsSection.tsx';
import { InvitationsSection } from './InvitationsSection.tsx';
import { LogoPicker } from './LogoPicker.tsx';
import { OrganizationDetails, OrganizationFacts } from './OrganizationDetails.tsx';
import { Section } from './Section.tsx';
import { StaffSection } from './StaffSection.tsx';

function LogoSection({ organization, canManage, onChanged }: { organization: Organization; canManage: boolean; onChanged: (o: Organization) => void }) {
  return (
    <Section title="Logo" description="Shown on the top bar and, when a video uses a logo, on your videos.">
      {canManage ? (
        <LogoPicker
          owner={organization.organizationName}
          url={organization.logoUrl}
          onUpload={async (file) => onChanged((await uploadOrganizationLogo(file)).organization)}
          onRemove={async () => onChanged((await removeOrganizationLogo()).organization)}
        />
      ) : organization.logoUrl ? (
        <Box component="img" src={organization.logoUrl} alt={`${organization.organizationName} logo`} sx={{ maxWidth: 240, maxHeight: 120 }} />
      ) : (
        <Typography color="text.secondary">No logo yet.</Typography>
      )}
    </Section>
  );
}

/** An organization's own settings: administrators change them, staff see them read-only. */
export function AccountSettingsPage() {
  const { data, error, isLoading, mutate } = useAccountSettings();

  if (isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading account settings" />
      </Box>
    );
  }
  if (error || !data) {
    return (
      <Page title="Account Settings" maxWidth="md">
        <Alert severity="info">{error?.message ?? 'Your account settings could not be loaded.'}</Alert>
      </Page>
    );
  }

  const { organization, canManage } = data;
  const replace = (next: Organization) => mutate({ ...data, organization: next } satisfies AccountSettings, { revalidate: false });

  return (
    <Page title="Account Settings" maxWidth="md">
      <Stack spacing={3}>
        {!canManage && (
          <Alert severity="info">
            Only an organization administrator can change these settings. Ask one of your administrators if something here needs to change.
          </Alert>
        )}
        {canManage ? (
          <OrganizationDetails key={organization.id} organization={organization} onSaved={(next) => mutate(next, { revalidate: false })} />
        ) : (
          <OrganizationFacts organization={organization} />
        )}
        <LogoSection organization={organization} canManage={canManage} onChanged={replace} />
        <BrandsSection canManage={canManage} />
        {canManage && <StaffSection />}
        {canManage && <InvitationsSection />}
      </Stack>
    </Page>
  );
}
