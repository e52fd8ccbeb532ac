import { Box, FormControlLabel, FormHelperText, Stack, Switch, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { FormDialog, InvalidForm } from '../settings/index.ts';
import type { UploadLink, UploadLinkChange } from './api.ts';
import { changeOf, formOf, settingsErrors, type SettingsErrors, type SettingsForm } from './settings-form.ts';

interface Props {
  link: UploadLink;
  onClose: () => void;
  onSave: (change: UploadLinkChange) => Promise<void>;
}

function Toggle({ label, help, checked, disabled, onChange }: { label: string; help: ReactNode; checked: boolean; disabled?: boolean; onChange: (on: boolean) => void }) {
  return (
    <div>
      <FormControlLabel control={<Switch checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />} label={label} />
      <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{help}</FormHelperText>
    </div>
  );
}

/** Family Upload Settings (spec 1, section 2.5): note, photo limit, full access, music upload, Done button. */
export function UploadLinkSettingsDialog({ link, onClose, onSave }: Props) {
  const [form, setForm] = useState<SettingsForm>(() => formOf(link));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const check = (next: SettingsForm) => setErrors(settingsErrors(next));

  const submit = async () => {
    const found = settingsErrors(form);
    setErrors(found);
    if (Object.keys(found).length) throw new InvalidForm();
    await onSave(changeOf(form, link.musicUploadAvailable));
  };

  const fallback = link.doneEmailFallback ? `Leave blank to notify ${link.doneEmailFallback}.` : 'The address that hears when the family presses Done.';
  return (
    <FormDialog open title="Family Upload Settings" submitLabel="Save" onClose={onClose} onSubmit={submit}>
      <TextField
        label="Note to Family"
        name="upload_link_note"
        value={form.note}
        onChange={(e) => set('note', e.target.value)}
        helperText="Shown to the family when they open the link."
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Stack spacing={1}>
        <Toggle
          label="Limit the number of photos"
          help="The family cannot upload more than this many photos and clips."
          checked={form.limitOn}
          onChange={(on) => {
            setForm((f) => ({ ...f, limitOn: on, limit: on ? '' : f.limit }));
            setErrors((e) => ({ ...e, limit: undefined }));
          }}
        />
        {form.limitOn && (
          <Box sx={{ pl: 6 }}>
            <TextField
              label="Photo Limit"
              name="upload_link_limit"
              value={form.limit}
              onChange={(e) => set('limit', e.target.value)}
              onBlur={() => check(form)}
              error={Boolean(errors.limit)}
              helperText={errors.limit}
              required
              autoFocus
              size="small"
              sx={{ maxWidth: 200 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            />
          </Box>
        )}
      </Stack>
      <Toggle
        label="Full access"
        help="Lets the family choose the theme, edit photos, choose music and preview. Off: they can only upload."
        checked={form.fullAccess}
        onChange={(on) => set('fullAccess', on)}
      />
      {link.musicUploadAvailable && (
        <Toggle
          label="Allow music upload"
          help={form.fullAccess ? 'Lets the family upload their own songs.' : 'Needs full access.'}
          checked={form.musicUpload}
          disabled={!form.fullAccess}
          onChange={(on) => set('musicUpload', on)}
        />
      )}
      <Stack spacing={1}>
        <Toggle
          label="Show a Done button"
          help="The family presses Done when they have added everything; the link then closes and you are told by email."
          checked={form.doneButton}
          onChange={(on) => {
            set('doneButton', on);
            if (!on) setErrors((e) => ({ ...e, doneEmail: undefined }));
          }}
        />
        <Box sx={{ pl: 6 }}>
          <TextField
            label="Notification Address"
            name="upload_link_done_email"
            type="email"
            value={form.doneEmail}
            onChange={(e) => set('doneEmail', e.target.value)}
            onBlur={() => check(form)}
            disabled={!form.doneButton}
            error={Boolean(errors.doneEmail)}
            helperText={errors.doneEmail ?? fallback}
            size="small"
            fullWidth
            // Still read while the field is off: it says who would be told.
            slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
          />
        </Box>
      </Stack>
    </FormDialog>
  );
}
