import { useCallback, useState } from 'react';

function read<T>(key: string, parse: (stored: string | null) => T): T {
  try {
    return parse(window.localStorage.getItem(key));
  } catch {
    return parse(null);
  }
}

/**
 * A value remembered in localStorage under `key`: `parse` turns what is stored (null when nothing is, or when
 * storage is blocked) into a value, `format` turns a value into what is stored. Private windows without storage
 * just forget it.
 */
export function useStoredValue<T>(key: string, parse: (stored: string | null) => T, format: (value: T) => string): [T, (value: T) => void] {
  const [value, setValue] = useState(() => read(key, parse));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, format(next));
      } catch {
        // Storage full or blocked: the choice lasts for this page only.
      }
    },
    [key, format],
  );
  return [value, update];
}
