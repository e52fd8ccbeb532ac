import { Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { collect, hasErrors, maxLength, required, type FieldErrors, type Organization } from '../settings/index.ts';
import { updateAccountSettings, type AccountSettings } from './api.ts';
import { Section } from './Section.tsx';

type Field = 'organizationName' | 'billingIdPrompt';

interface Props {
  organization: Organization;
  onSaved: (settings: AccountSettings) => void;
}

function Limits({ organization }: { organization: Organization }) {
  return (
    <Typography variant="body2" color="text.secondary">
      Videos may be up to {organization.videoLengthLimit} minutes long ({organization.maxOverrideLength} with an administrator's
      override). Contact support to change these limits.
    </Typography>
  );
}

/** The organization's name, the billing id prompt and whether families get upload links. */
export function OrganizationDetails({ organization, onSaved }: Props) {
  const [values, setValues] = useState({ organizationName: organization.organizationName, billingIdPrompt: organization.billingIdPrompt ?? '' });
  const [uploadLinks, setUploadLinks] = useState(organization.uploadLinksEnabled);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const check = () =>
    collect<Field>({
      organizationName: [required(values.organizationName, 'organization name'), maxLength(values.organizationName, 'organization name')],
      billingIdPrompt: [maxLength(values.billingIdPrompt, 'billing id prompt')],
    });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      onSaved(
        await updateAccountSettings({
          organizationName: values.organizationName.trim(),
          billingIdPrompt: values.billingIdPrompt.trim(),
          uploadLinksEnabled: uploadLinks,
        }),
      );
      setSaved(true);
    } catch {
      // Shown by the alert dialog.
    } finally {
      setBusy(false);
    }
  };

  const field = (key: Field, label: string, helper: string) => (
    <TextField
      label={label}
      name={key}
      value={values[key]}
      required={key === 'organizationName'}
      onChange={(e) => {
        setSaved(false);
        setValues((v) => ({ ...v, [key]: e.target.value }));
      }}
      onBlur={() => setErrors(check())}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? helper}
      fullWidth
    />
  );

  return (
    <Section title="Organization">
      <Box component="form" onSubmit={save} noValidate>
        <Stack spacing={2}>
          {field('organizationName', 'Organization name', 'Shown to your staff and on the top bar.')}
          {field('billingIdPrompt', 'Billing id prompt', 'The label of the billing id field on the video setup page, e.g. "Case number". Leave empty to hide it.')}
          <FormControlLabel
            control={
              <Switch
                checked={uploadLinks}
                onChange={(e) => {
                  setSaved(false);
                  setUploadLinks(e.target.checked);
                }}
              />
            }
            label="Offer family upload links"
          />
          <Limits organization={organization} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button type="submit" variant="contained" disabled={busy}>
              Save changes
            </Button>
            {saved && (
              <Typography role="status" color="success.main" variant="body2">
                Saved.
              </Typography>
            )}
          </Stack>
        </Stack>
      </Box>
    </Section>
  );
}

/** What plain staff see: the same facts, without controls. */
export function OrganizationFacts({ organization }: { organization: Organization }) {
  return (
    <Section title="Organization">
      <Stack spacing={1}>
        <Typography>
          <strong>Name:</strong> {organization.organizationName}
        </Typography>
        <Typography>
          <strong>Billing id prompt:</strong> {organization.billingIdPrompt || 'Not used'}
        </Typography>
        <Typography>
          <strong>Family upload links:</strong> {organization.uploadLinksEnabled ? 'Offered' : 'Not offered'}
        </Typography>
        <Limits organization={organization} />
      </Stack>
    </Section>
  );
}
