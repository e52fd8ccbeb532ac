import { AppError } from '../http/errors.ts';
import type { Role } from '../wire/auth.ts';

type Body = Record<string, unknown>;

/**
 * Readers for the administration forms: each returns undefined when the field is absent (a PATCH leaves it
 * alone) and throws a 400 with a sentence naming the field when the value is unusable.
 */
export function textField(body: Body, key: string, label: string, options: { required?: boolean; max?: number } = {}): string | undefined {
  if (!(key in body)) {
    if (options.required) throw new AppError(400, `Please enter the ${label}.`);
    return undefined;
  }
  const value = body[key];
  if (value !== null && typeof value !== 'string') throw new AppError(400, `The ${label} must be text.`);
  const text = (value ?? '').trim();
  if (options.required && !text) throw new AppError(400, `Please enter the ${label}.`);
  const max = options.max ?? 250;
  if (text.length > max) throw new AppError(400, `The ${label} must be at most ${max} characters.`);
  return text;
}

/** Like textField, but an empty value is stored as null. */
export function optionalTextField(body: Body, key: string, label: string): string | null | undefined {
  const text = textField(body, key, label);
  return text === undefined ? undefined : text || null;
}

export function boolField(body: Body, key: string, label: string): boolean | undefined {
  if (!(key in body)) return undefined;
  if (typeof body[key] !== 'boolean') throw new AppError(400, `${label} must be on or off.`);
  return body[key] as boolean;
}

export function intField(body: Body, key: string, label: string, min: number, max: number): number | undefined {
  if (!(key in body)) return undefined;
  const value = body[key];
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw new AppError(400, `The ${label} must be a whole number from ${min} to ${max}.`);
  return n;
}

/** One of a fixed set of values, e.g. a select's options. */
export function choiceField<C extends string>(body: Body, key: string, label: string, choices: readonly C[]): C | undefined {
  if (!(key in body)) return undefined;
  if (!choices.includes(body[key] as C)) throw new AppError(400, `The ${label} must be one of: ${choices.join(', ')}.`);
  return body[key] as C;
}

export function idField(body: Body, key: string, label: string, options: { required?: boolean } = {}): number | null | undefined {
  if (!(key in body) || body[key] === null || body[key] === '') {
    if (options.required) throw new AppError(400, `Please choose the ${label}.`);
    return key in body ? null : undefined;
  }
  const value = body[key];
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new AppError(400, `Please choose a valid ${label}.`);
  return n;
}

export function roleField<R extends Role>(body: Body, allowed: readonly R[]): R | undefined {
  if (!('role' in body)) return undefined;
  if (!allowed.includes(body.role as R)) throw new AppError(400, `The role must be one of: ${allowed.join(', ')}.`);
  return body.role as R;
}

/** Drops the keys a form did not send, so an update touches only what changed. */
export function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
