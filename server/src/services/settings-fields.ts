import { readField, readProblem, refuseProblems, type AdminField } from '../admin/fields.ts';
import type { Role } from '../wire/auth.ts';

type Body = Record<string, unknown>;

/**
 * One-field readers for the settings services that check a field at a time (brands, organizations, account
 * settings, invitations), over admin/fields.ts's readField so every form's rules and messages are written once. Each
 * returns undefined when the field is absent (a PATCH leaves it alone) and refuses an unusable value with a 400
 * naming the field (FieldsError). Services whose forms show every problem at once read with readFields instead.
 */
function read<T>(body: Body, field: AdminField): T | undefined {
  if (!(field.column in body)) {
    if (field.required) refuseProblems({ [field.column]: readProblem(field, undefined) });
    return undefined;
  }
  const result = readField(field, body[field.column]);
  if ('problem' in result) refuseProblems({ [field.column]: result.problem });
  return (result as { value: T }).value;
}

/** Text, trimmed; an emptied optional text is ''. */
export function textField(body: Body, key: string, label: string, options: { required?: boolean; max?: number } = {}): string | undefined {
  return read<string>(body, { column: key, label, kind: 'text', required: options.required, max: options.max, blank: '' });
}

/** Like textField, but an empty value is stored as null. */
export function optionalTextField(body: Body, key: string, label: string): string | null | undefined {
  return read<string | null>(body, { column: key, label, kind: 'text' });
}

/** `label` as the form shows it ('Disabled'); the message reads "Disabled must be on or off." */
export function boolField(body: Body, key: string, label: string): boolean | undefined {
  return read<boolean>(body, { column: key, label, kind: 'bool' });
}

export function roleField<R extends Role>(body: Body, allowed: readonly R[]): R | undefined {
  if (!('role' in body)) return undefined;
  // Required once sent: an emptied role is refused rather than stored as none.
  return read<R>(body, { column: 'role', label: 'role', kind: 'choice', choices: allowed, required: true });
}

/** Drops the keys a form did not send, so an update touches only what changed. */
export function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
