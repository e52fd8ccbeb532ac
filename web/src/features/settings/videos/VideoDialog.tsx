import { TextField } from '@mui/material';
import { useState } from 'react';
import type { AdminVideo } from '../api.ts';
import { FormDialog } from '../components/FormDialog.tsx';
import { OrganizationPicker, type OrganizationOption } from '../components/OrganizationPicker.tsx';
import { collect, hasErrors, InvalidForm, maxLength, required, type FieldErrors } from '../components/validation.ts';

type Field = 'title' | 'subtitle' | 'introText' | 'organization';

export interface VideoChanges {
  title: string;
  subtitle: string;
  introText: string;
  organizationId?: number;
}

interface Props {
  video: AdminVideo;
  onClose: () => void;
  onSave: (values: VideoChanges) => Promise<void>;
}

/** Corrects a video's title fields or moves it to another organization. */
export function VideoDialog({ video, onClose, onSave }: Props) {
  const [values, setValues] = useState({ title: video.title, subtitle: video.subtitle, introText: video.introText });
  const [organization, setOrganization] = useState<OrganizationOption | null>(
    video.organizationId ? { id: video.organizationId, organizationName: video.organizationName ?? '' } : null,
  );
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const check = () =>
    collect<Field>({
      title: [required(values.title, 'title'), maxLength(values.title, 'title')],
      subtitle: [maxLength(values.subtitle, 'subtitle')],
      introText: [maxLength(values.introText, 'introductory text')],
      organization: [organization ? undefined : 'Please choose the organization.'],
    });

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (hasErrors(found)) throw new InvalidForm();
    await onSave({
      title: values.title.trim(),
      subtitle: values.subtitle.trim(),
      introText: values.introText.trim(),
      organizationId: organization!.id !== video.organizationId ? organization!.id : undefined,
    });
  };

  const field = (key: 'title' | 'subtitle' | 'introText', label: string) => (
    <TextField
      label={label}
      name={key}
      value={values[key]}
      required={key === 'title'}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      onBlur={() => setErrors(check())}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      fullWidth
    />
  );

  return (
    <FormDialog open title={`Edit video #${video.id}`} submitLabel="Save" onClose={onClose} onSubmit={submit}>
      {field('title', 'Title')}
      {field('subtitle', 'Subtitle')}
      {field('introText', 'Introductory text')}
      <OrganizationPicker value={organization} onChange={setOrganization} error={errors.organization} required />
    </FormDialog>
  );
}
