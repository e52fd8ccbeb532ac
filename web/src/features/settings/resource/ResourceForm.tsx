import { CheckBox, CheckBoxOutlineBlank } from '@mui/icons-material';
import { Button, FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { FormDialog } from '../components/FormDialog.tsx';
import { OrganizationPicker, type OrganizationOption } from '../components/OrganizationPicker.tsx';
import { hasErrors, InvalidForm } from '../components/validation.ts';
import { fieldProblem, startValues, toPayload, type FormValue, type FormValues } from './form-values.ts';
import type { ResourceDeclaration, ResourceField } from './types.ts';

interface Props<T extends { id: number }> {
  resource: ResourceDeclaration<T>;
  row: T | undefined;
  /** A new row starts with the list's organization filter, when it has one. */
  organization: OrganizationOption | null;
  onClose: () => void;
  /** Sends the values; rejects with the server's field messages (resource/api.ts fieldProblems) to show them. */
  onSave: (values: Record<string, unknown>) => Promise<void>;
  /** Turns a rejection into field messages, or undefined to let it through. */
  problemsOf: (err: unknown) => Record<string, string> | undefined;
}

/** The create and edit dialog of a resource with declared fields; every message shows beside its field. */
export function ResourceForm<T extends { id: number }>({ resource, row, organization, onClose, onSave, problemsOf }: Props<T>) {
  const creating = row === undefined;
  const fields = (resource.fields ?? []).filter((f) => creating || !f.createOnly);
  const [values, setValues] = useState<FormValues>(() => {
    const start = startValues(fields, row);
    for (const f of fields) if (creating && f.kind === 'organization' && organization) start[f.key] = organization;
    return start;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const check = (current: FormValues): Record<string, string> => {
    const found: Record<string, string> = {};
    for (const field of fields) {
      const problem = fieldProblem(field, current[field.key], creating);
      if (problem) found[field.key] = problem;
    }
    return hasErrors(found) ? found : (resource.check?.(toPayload(fields, current, creating)) ?? {});
  };

  const set = (key: string, value: FormValue) => setValues((v) => ({ ...v, [key]: value }));
  /** Checks one field as it is left, keeping the other fields' messages as they are. */
  const recheck = (key: string) =>
    setErrors((e) => {
      const { [key]: _old, ...rest } = e;
      const found = check(values)[key];
      return found ? { ...rest, [key]: found } : rest;
    });

  const submit = async () => {
    const found = check(values);
    setErrors(found);
    if (hasErrors(found)) throw new InvalidForm();
    try {
      await onSave(toPayload(fields, values, creating));
    } catch (err) {
      const problems = problemsOf(err);
      if (problems) setErrors(problems);
      throw err;
    }
  };

  const name = resource.noun;
  return (
    <FormDialog
      open
      title={row ? `Edit ${resource.rowName(row)}` : `New ${name}`}
      submitLabel={row ? 'Save' : `Create ${name}`}
      onClose={onClose}
      onSubmit={submit}
    >
      {resource.formPanel?.(row)}
      {fields.map((field, index) => (
        <FieldInput
          key={field.key}
          field={field}
          value={values[field.key]}
          error={errors[field.key]}
          autoFocus={index === 0}
          onChange={(value) => set(field.key, value)}
          onBlur={() => recheck(field.key)}
        />
      ))}
    </FormDialog>
  );
}

interface FieldProps<T> {
  field: ResourceField<T>;
  value: FormValue;
  error?: string;
  autoFocus: boolean;
  onChange: (value: FormValue) => void;
  onBlur: () => void;
}

function FieldInput<T>({ field, value, error, autoFocus, onChange, onBlur }: FieldProps<T>) {
  const helperId = useId();
  const common = { label: field.label, name: field.key, required: field.required, error: Boolean(error), helperText: error ?? field.helper, fullWidth: true, onBlur };
  switch (field.kind) {
    case 'switch':
      return (
        <div>
          <FormControlLabel control={<Switch name={field.key} checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)} />} label={field.label} />
          {(error ?? field.helper) && <FormHelperText error={Boolean(error)}>{error ?? field.helper}</FormHelperText>}
        </div>
      );
    case 'organization':
      return <OrganizationPicker label={field.label} value={value as OrganizationOption | null} onChange={onChange} error={error} required={field.required} />;
    case 'select':
      return (
        <TextField select {...common} value={value as string} onChange={(e) => onChange(e.target.value)}>
          {field.options?.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'multiselect': {
      const chosen = value as string[];
      const labelOf = (v: string) => field.options?.find((o) => o.value === v)?.label ?? v;
      return (
        <TextField
          select
          {...common}
          value={chosen}
          onChange={(e) => onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[]))}
          slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as string[]).map(labelOf).join(', ') } }}
        >
          {field.options?.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {/* A picture of a box, not a control: the option itself says it is selected (aria-selected). */}
              {chosen.includes(o.value) ? <CheckBox fontSize="small" color="primary" sx={{ mr: 1 }} aria-hidden /> : <CheckBoxOutlineBlank fontSize="small" sx={{ mr: 1 }} aria-hidden />}
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'file': {
      const file = value as File | null;
      return (
        <Stack spacing={0.5}>
          <Typography component="span" variant="body2" color={error ? 'error' : 'text.secondary'}>
            {field.label}
            {field.required ? ' *' : ''}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button component="label" variant="outlined" aria-describedby={helperId}>
              Choose file
              <input hidden type="file" name={field.key} accept={field.accept} onChange={(e) => onChange(e.target.files?.[0] ?? null)} />
            </Button>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : 'No file chosen'}
            </Typography>
          </Stack>
          {(error ?? field.helper) && (
            <FormHelperText id={helperId} error={Boolean(error)}>
              {error ?? field.helper}
            </FormHelperText>
          )}
        </Stack>
      );
    }
    default: {
      const type = field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : field.kind === 'date' ? 'date' : 'text';
      const numeric = field.kind === 'number' || field.kind === 'money';
      return (
        <TextField
          {...common}
          type={type}
          value={value as string}
          autoFocus={autoFocus}
          multiline={field.kind === 'multiline'}
          minRows={field.kind === 'multiline' ? 3 : undefined}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{
            inputLabel: field.kind === 'date' ? { shrink: true } : undefined,
            htmlInput: numeric ? { inputMode: field.kind === 'money' ? 'decimal' : 'numeric' } : undefined,
          }}
        />
      );
    }
  }
}
