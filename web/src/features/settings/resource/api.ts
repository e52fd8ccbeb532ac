import { sendJson, ServerProblem } from '../../../api/index.ts';
import { readReply } from '../../../api/http.ts';
import { snakify } from '../../../api/case.ts';

/**
 * Saves a form: JSON, or multipart when it carries a file (the other values go as text fields beside it). Errors are
 * not shown in the alert dialog here: the form shows field problems beside their fields and anything else itself.
 */
export async function saveValues<T>(method: 'POST' | 'PATCH', path: string, values: Record<string, unknown>): Promise<T> {
  const file = Object.entries(values).find(([, v]) => v instanceof File);
  if (!file) return sendJson<T>(method, path, values, { alertErrors: false });
  const body = new FormData();
  for (const [key, value] of Object.entries(snakify(values) as Record<string, unknown>)) {
    if (value instanceof File) body.append(key, value);
    else if (value !== null && value !== undefined) body.append(key, String(value));
  }
  const response = await fetch(path, { method, credentials: 'same-origin', headers: { Accept: 'application/json' }, body });
  return readReply<T>(response, false);
}

export const deleteRow = (path: string, id: number) => sendJson<unknown>('DELETE', `${path}/${id}`);

/** The field messages of a refused save, or undefined when the refusal was not about fields. */
export const fieldProblems = (err: unknown): Record<string, string> | undefined => (err instanceof ServerProblem ? err.fields : undefined);
