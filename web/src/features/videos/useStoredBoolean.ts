import { useStoredValue } from './useStoredValue.ts';

const formatBoolean = (value: boolean): string => String(value);

/** A switch remembered in localStorage (private windows without storage just forget it). */
export function useStoredBoolean(key: string, fallback: boolean): [boolean, (value: boolean) => void] {
  return useStoredValue(key, (stored) => (stored === null ? fallback : stored === 'true'), formatBoolean);
}
