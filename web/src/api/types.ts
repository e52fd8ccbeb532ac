/** Turns a wire type (snake_case keys) into what components see (camelCase), recursively. */
type CamelKey<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelKey<T>>}` : S;

export type Camelized<T> = T extends readonly (infer U)[]
  ? Camelized<U>[]
  : T extends Date
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelKey<K> : K]: Camelized<T[K]> }
      : T;
