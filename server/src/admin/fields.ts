import { FieldsError } from '../http/errors.ts';

/**
 * The fields of an administration form and the one reader that checks a create or PATCH body against them: the
 * admin scaffold's resources (admin/resource.ts), the Users and Videos settings services and the single-field readers
 * of services/settings-fields.ts all check values here. It collects one message per field, keyed as on the wire, so
 * a form can show every mistake beside its own field at once (FieldsError: `{errors: [...], fields: {key: message}}`).
 */

export type AdminFieldKind = 'text' | 'email' | 'url' | 'int' | 'bool' | 'choice' | 'date' | 'reference' | 'ids';

export interface AdminField {
  /** The column, also the key on the wire (snake_case). */
  column: string;
  /** Lower-case name used inside messages: "Please enter the partner name." */
  label: string;
  kind: AdminFieldKind;
  /** Must be given on create and may not be emptied by a PATCH. */
  required?: boolean;
  /** Text: most characters (250 unless given). Int: largest value. */
  max?: number;
  /** Int: smallest value (0 unless given). */
  min?: number;
  choices?: readonly string[];
  /**
   * Reference: the table whose id it must name; ids: a list of that table's ids (a text's categories), which the
   * resource's `save` writes (a link table). Checked by the route, which has the database.
   */
  references?: string;
  /** What an emptied optional text is stored as when its column is not nullable (''); null unless given. */
  blank?: string;
  /** Set on create only; a PATCH that sends it is refused. */
  createOnly?: boolean;
}

export type FieldMessages = Record<string, string>;

type Body = Record<string, unknown>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Multipart forms send every value as text: 'true', '12', ''. */
const fromForm = (value: unknown): unknown => (value === 'true' ? true : value === 'false' ? false : value);

/** One field's value, or a message saying what is wrong with it. Empty optional values become null. */
export function readField(field: AdminField, raw: unknown): { value: unknown } | { problem: string } {
  const empty = raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '') || (Array.isArray(raw) && raw.length === 0);
  if (empty) {
    if (field.kind === 'bool') return { problem: `${capital(field.label)} must be on or off.` };
    const choose = field.kind === 'reference' || field.kind === 'ids' || field.kind === 'choice' || field.kind === 'date';
    if (field.required) return { problem: `Please ${choose ? 'choose' : 'enter'} the ${field.label}.` };
    return { value: field.kind === 'ids' ? [] : (field.blank ?? null) };
  }
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'url': {
      if (typeof raw !== 'string') return { problem: `The ${field.label} must be text.` };
      const text = raw.trim();
      const max = field.max ?? 250;
      if (text.length > max) return { problem: `The ${field.label} must be at most ${max} characters.` };
      if (field.kind === 'email' && !EMAIL.test(text)) return { problem: `Please enter a valid ${field.label}.` };
      if (field.kind === 'url' && !isWebAddress(text)) return { problem: `The ${field.label} must be a web address starting with http:// or https://.` };
      return { value: text };
    }
    case 'int':
    case 'reference': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN;
      if (field.kind === 'reference') return Number.isSafeInteger(n) && n > 0 ? { value: n } : { problem: `Please choose a valid ${field.label}.` };
      const min = field.min ?? 0;
      const max = field.max ?? 2_147_483_647;
      return Number.isInteger(n) && n >= min && n <= max ? { value: n } : { problem: `The ${field.label} must be a whole number from ${min} to ${max}.` };
    }
    case 'bool': {
      const value = fromForm(raw);
      return typeof value === 'boolean' ? { value } : { problem: `${capital(field.label)} must be on or off.` };
    }
    case 'ids': {
      // Multipart forms send a list as '1,2,3'.
      const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
      const ids = items.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN));
      return ids.length && ids.every((n) => Number.isSafeInteger(n) && n > 0) ? { value: [...new Set(ids)] } : { problem: `Please choose valid ${field.label}.` };
    }
    case 'choice':
      return field.choices?.includes(raw as string) ? { value: raw } : { problem: `The ${field.label} must be one of: ${field.choices?.join(', ')}.` };
    case 'date': {
      const valid = typeof raw === 'string' && DATE.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) && new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw);
      return valid ? { value: raw } : { problem: `The ${field.label} must be a date (year-month-day).` };
    }
  }
}

/**
 * The values a body sets, checked field by field. Creating, a required field that is missing is a problem; a PATCH
 * leaves absent fields alone.
 */
export function readFields(fields: readonly AdminField[], body: Body, creating: boolean): { values: Record<string, unknown>; problems: FieldMessages } {
  const values: Record<string, unknown> = {};
  const problems: FieldMessages = {};
  for (const field of fields) {
    if (!(field.column in body)) {
      if (creating && field.required) problems[field.column] = readProblem(field, undefined);
      continue;
    }
    if (!creating && field.createOnly) {
      problems[field.column] = `The ${field.label} cannot be changed.`;
      continue;
    }
    const read = readField(field, body[field.column]);
    if ('problem' in read) problems[field.column] = read.problem;
    else values[field.column] = read.value;
  }
  return { values, problems };
}

/** Refuses the request with every problem at once (400), when there is any. */
export function refuseProblems(problems: FieldMessages): void {
  if (Object.keys(problems).length > 0) throw new FieldsError(problems);
}

/** What is wrong with a value ('' when nothing): a missing required field's message is readProblem(field, undefined). */
export const readProblem = (field: AdminField, raw: unknown): string => {
  const read = readField(field, raw);
  return 'problem' in read ? read.problem : '';
};

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
