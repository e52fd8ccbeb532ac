import { FormControl, FormControlLabel, FormGroup, FormLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import type { Organization } from '../api.ts';
import { FormDialog } from '../components/FormDialog.tsx';
import { collect, hasErrors, InvalidForm, maxLength, required, wholeNumber, type FieldErrors } from '../components/validation.ts';

type Flag = 'uploadLinksEnabled' | 'showBranding' | 'sorEnabled' | 'menu' | 'billing' | 'sampleButton' | 'musicUploadAvailable' | 'obituaryQrLink' | 'partnerReleased' | 'partnerDev';

const FLAGS: { key: Flag; label: string }[] = [
  { key: 'uploadLinksEnabled', label: 'Family upload links' },
  { key: 'showBranding', label: 'Show branding (orders, burning, Send to TV)' },
  { key: 'sorEnabled', label: 'Service of Remembrance' },
  { key: 'menu', label: 'Menu in the drawer' },
  { key: 'billing', label: 'Billing' },
  { key: 'sampleButton', label: 'Sample slides button' },
  { key: 'musicUploadAvailable', label: 'Music upload for families' },
  { key: 'obituaryQrLink', label: 'Obituary QR code on labels' },
  { key: 'partnerReleased', label: 'Partner released' },
  { key: 'partnerDev', label: 'Partner development account' },
];

const DEFAULT_FLAGS: Record<Flag, boolean> = {
  uploadLinksEnabled: true,
  showBranding: true,
  sorEnabled: true,
  menu: true,
  billing: false,
  sampleButton: true,
  musicUploadAvailable: true,
  obituaryQrLink: false,
  partnerReleased: true,
  partnerDev: false,
};

type DvdStandard = Organization['dvdStandard'];

/** The TV standard of the discs: a set-top player of one region may not play the other's. */
const DVD_STANDARDS: { value: DvdStandard; label: string }[] = [
  { value: 'ntsc', label: 'NTSC (North and South America, Japan)' },
  { value: 'pal', label: 'PAL (Europe, Australia, most of Asia and Africa)' },
];

type Field = 'organizationName' | 'partnerName' | 'billingIdPrompt' | 'videoLengthLimit' | 'maxOverrideLength';

interface Props {
  /** Undefined to create a new organization. */
  organization?: Organization;
  open: boolean;
  onClose: () => void;
  onSave: (values: Partial<Organization>) => Promise<void>;
}

export function OrganizationDialog({ organization, open, onClose, onSave }: Props) {
  const [text, setText] = useState<Record<Field, string>>({
    organizationName: organization?.organizationName ?? '',
    partnerName: organization?.partnerName ?? '',
    billingIdPrompt: organization?.billingIdPrompt ?? '',
    videoLengthLimit: String(organization?.videoLengthLimit ?? 30),
    maxOverrideLength: String(organization?.maxOverrideLength ?? 120),
  });
  const [flags, setFlags] = useState<Record<Flag, boolean>>(
    organization ? (Object.fromEntries(FLAGS.map(({ key }) => [key, organization[key]])) as Record<Flag, boolean>) : DEFAULT_FLAGS,
  );
  const [dvdStandard, setDvdStandard] = useState<DvdStandard>(organization?.dvdStandard ?? 'ntsc');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const check = (values: Record<Field, string>) => {
    const limit = Number(values.videoLengthLimit);
    return collect<Field>({
      organizationName: [required(values.organizationName, 'organization name'), maxLength(values.organizationName, 'organization name')],
      partnerName: [maxLength(values.partnerName, 'partner name')],
      billingIdPrompt: [maxLength(values.billingIdPrompt, 'billing id prompt')],
      videoLengthLimit: [wholeNumber(values.videoLengthLimit, 'video length limit', 1, 600)],
      maxOverrideLength: [
        wholeNumber(values.maxOverrideLength, 'maximum override length', 1, 600),
        Number(values.maxOverrideLength) < limit ? 'Must be at least the video length limit.' : undefined,
      ],
    });
  };

  const field = (key: Field, label: string, extra: { required?: boolean; number?: boolean; helper?: string } = {}) => (
    <TextField
      label={label}
      name={key}
      value={text[key]}
      required={extra.required}
      onChange={(e) => setText((t) => ({ ...t, [key]: e.target.value }))}
      onBlur={() => setErrors(check(text))}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? extra.helper}
      slotProps={extra.number ? { htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } } : undefined}
      fullWidth
    />
  );

  const submit = async () => {
    const found = check(text);
    setErrors(found);
    if (hasErrors(found)) throw new InvalidForm();
    await onSave({
      organizationName: text.organizationName.trim(),
      partnerName: text.partnerName.trim(),
      billingIdPrompt: text.billingIdPrompt.trim(),
      videoLengthLimit: Number(text.videoLengthLimit),
      maxOverrideLength: Number(text.maxOverrideLength),
      dvdStandard,
      ...flags,
    });
  };

  return (
    <FormDialog
      open={open}
      title={organization ? `Edit ${organization.organizationName}` : 'New organization'}
      submitLabel={organization ? 'Save' : 'Create organization'}
      onClose={onClose}
      onSubmit={submit}
    >
      {field('organizationName', 'Organization name', { required: true })}
      {field('partnerName', 'Partner name', { helper: 'The website provider this organization came through, if any.' })}
      {field('billingIdPrompt', 'Billing id prompt', { helper: 'The label of the billing id field on the video setup page, e.g. "Case number".' })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('videoLengthLimit', 'Video length limit (minutes)', { number: true })}
        {field('maxOverrideLength', 'Maximum override length (minutes)', { number: true })}
      </Stack>
      <TextField
        select
        label="DVD standard"
        name="dvdStandard"
        value={dvdStandard}
        onChange={(e) => setDvdStandard(e.target.value as DvdStandard)}
        helperText="Discs play in the set-top players of this region. A change applies to DVDs made from now on."
        fullWidth
      >
        {DVD_STANDARDS.map(({ value, label }) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={{ mb: 0.5 }}>
          Features
        </FormLabel>
        <FormGroup>
          {FLAGS.map(({ key, label }) => (
            <FormControlLabel
              key={key}
              control={<Switch checked={flags[key]} onChange={(e) => setFlags((f) => ({ ...f, [key]: e.target.checked }))} />}
              label={label}
            />
          ))}
        </FormGroup>
      </FormControl>
    </FormDialog>
  );
}
