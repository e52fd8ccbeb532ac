import type { OrganizationOption } from '../components/OrganizationPicker.tsx';
import { email, maxLength, required } from '../components/validation.ts';
import type { ResourceField } from './types.ts';

/** What a form holds while it is edited: text as typed, switches as booleans, a chosen organization or file. */
export type FormValue = string | string[] | boolean | OrganizationOption | File | null;
export type FormValues = Record<string, FormValue>;

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** The form's starting values: the row's, or each field's initial value for a new row. */
export function startValues<T>(fields: ResourceField<T>[], row: T | undefined): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const raw = row ? (field.read ? field.read(row) : (row as Record<string, unknown>)[field.key]) : field.initial;
    values[field.key] = fromRow(field, raw);
  }
  return values;
}

function fromRow<T>(field: ResourceField<T>, raw: unknown): FormValue {
  switch (field.kind) {
    case 'switch':
      return typeof raw === 'boolean' ? raw : false;
    case 'organization':
      return (raw as OrganizationOption | null | undefined) ?? null;
    case 'file':
      return null;
    case 'money':
      return typeof raw === 'number' ? (raw / 100).toFixed(2) : '';
    case 'multiselect':
      return Array.isArray(raw) ? raw.map(String) : [];
    case 'select':
      return raw === undefined || raw === null ? (field.options?.[0]?.value ?? '') : String(raw);
    default:
      return raw === undefined || raw === null ? '' : String(raw);
  }
}

const MONEY = /^\s*\d+(\.\d{1,2})?\s*$/;
const WHOLE = /^\s*\d+\s*$/;

/** The message beside one field, or undefined when it is fine. `creating` decides whether a file is required. */
export function fieldProblem<T>(field: ResourceField<T>, value: FormValue, creating: boolean): string | undefined {
  const name = lower(field.label);
  if (field.kind === 'organization') return field.required && !value ? `Please choose the ${name}.` : undefined;
  if (field.kind === 'file') return field.required && creating && !value ? `Please choose the ${name} to upload.` : undefined;
  if (field.kind === 'multiselect') return field.required && !(value as string[]).length ? `Please choose the ${name}.` : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!text) {
    if (!field.required) return undefined;
    return field.kind === 'date' || field.kind === 'select' ? `Please choose the ${name}.` : required('', name);
  }
  const min = field.min ?? 0;
  switch (field.kind) {
    case 'email':
      return email(text) ?? maxLength(text, name, field.max ?? 320);
    case 'url':
      return /^https?:\/\/\S+$/i.test(text) ? maxLength(text, name, field.max ?? 1000) : `The ${name} must be a web address starting with http:// or https://.`;
    case 'number': {
      const max = field.max ?? 2_147_483_647;
      return WHOLE.test(text) && Number(text) >= min && Number(text) <= max ? undefined : `The ${name} must be a whole number from ${min} to ${max}.`;
    }
    case 'money': {
      const max = field.max ?? 1_000_000;
      return MONEY.test(text) && Number(text) >= min && Number(text) <= max ? undefined : `The ${name} must be an amount from ${min} to ${max}, such as 25.00.`;
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? undefined : `The ${name} must be a date.`;
    default:
      return maxLength(text, name, field.max ?? 250);
  }
}

/** The values as sent: numbers as numbers, money in cents, an organization as its id, empty text as ''. */
export function toPayload<T>(fields: ResourceField<T>[], values: FormValues, creating: boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.createOnly && !creating) continue;
    const value = values[field.key];
    switch (field.kind) {
      case 'organization':
        payload[field.key] = (value as OrganizationOption | null)?.id ?? null;
        break;
      case 'file':
        if (value) payload[field.key] = value;
        break;
      case 'switch':
        payload[field.key] = Boolean(value);
        break;
      case 'multiselect':
        payload[field.key] = value;
        break;
      case 'number':
        payload[field.key] = (value as string).trim() === '' ? null : Number(value);
        break;
      case 'money':
        payload[field.key] = (value as string).trim() === '' ? null : Math.round(Number(value) * 100);
        break;
      default:
        payload[field.key] = (value as string).trim();
    }
  }
  return payload;
}
