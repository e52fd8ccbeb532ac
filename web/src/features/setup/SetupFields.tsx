import { Box, TextField } from '@mui/material';
import { TEXT_LIMIT, type SetupValues, type TextField as Field } from './setup-values.ts';

interface Props {
  values: SetupValues;
  billingPrompt: string | null;
  readOnly: boolean;
  /** A save was asked for while the title is blank: nothing can be saved yet. */
  needsTitle: boolean;
  onType(field: Field, text: string): void;
  onLeave(): void;
}

const counter = (text: string): string | undefined => (text.length > TEXT_LIMIT - 50 ? `${text.length}/${TEXT_LIMIT}` : undefined);

/** Title, Subtitle, Introductory Text and the organization's billing field (spec 1, section 2.2). */
export function SetupFields({ values, billingPrompt, readOnly, needsTitle, onType, onLeave }: Props) {
  const field = (name: Field, label: string, extra: { multiline?: boolean; helperText?: string; error?: boolean; required?: boolean } = {}) => (
    <TextField
      id={`setup-${name}`}
      name={name}
      label={label}
      value={values[name]}
      disabled={readOnly}
      fullWidth
      required={extra.required}
      multiline={extra.multiline}
      minRows={extra.multiline ? 3 : undefined}
      error={extra.error}
      helperText={extra.helperText ?? counter(values[name])}
      onChange={(e) => onType(name, e.target.value)}
      onBlur={onLeave}
      slotProps={{ htmlInput: { maxLength: TEXT_LIMIT } }}
    />
  );
  const blankTitle = values.title.trim() === '';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      {field('title', 'Title', { required: true, error: blankTitle && needsTitle, helperText: blankTitle ? 'Title required' : undefined })}
      {field('subtitle', 'Subtitle')}
      {field('introText', 'Introductory Text', { multiline: true })}
      {billingPrompt && field('billingId', billingPrompt)}
    </Box>
  );
}
