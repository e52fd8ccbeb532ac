/** snake_case <-> camelCase for wire data: the only place the two spellings meet. */
const toCamel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const toSnake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function convert(value: unknown, key: (k: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convert(v, key));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[/^\d+$/.test(k) ? k : key(k)] = convert(v, key);
  return out;
}

export const camelize = <T>(value: unknown): T => convert(value, toCamel) as T;
export const snakify = (value: unknown): unknown => convert(value, toSnake);
