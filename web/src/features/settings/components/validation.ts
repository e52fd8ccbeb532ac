/** Checks the forms run in the browser before sending, so mistakes show beside the field at once. */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const required = (value: string, label: string): string | undefined => (value.trim() ? undefined : `Please enter the ${label}.`);

export const maxLength = (value: string, label: string, max = 250): string | undefined =>
  value.trim().length > max ? `The ${label} must be at most ${max} characters.` : undefined;

export const email = (value: string): string | undefined => (EMAIL.test(value.trim()) ? undefined : 'Please enter a valid email address.');

export const password = (value: string): string | undefined =>
  value.length >= MIN_PASSWORD_LENGTH ? undefined : `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;

export function wholeNumber(value: string, label: string, min: number, max: number): string | undefined {
  const n = Number(value);
  return /^\s*\d+\s*$/.test(value) && n >= min && n <= max ? undefined : `The ${label} must be a whole number from ${min} to ${max}.`;
}

/** The first message of each field, without the fields that passed. */
export function collect<K extends string>(checks: Record<K, (string | undefined)[]>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(checks) as K[]) {
    const first = checks[key].find(Boolean);
    if (first) errors[key] = first;
  }
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

/** Thrown by a form's submit when its own checks failed, so the dialog stays open without a server call. */
export class InvalidForm extends Error {}
