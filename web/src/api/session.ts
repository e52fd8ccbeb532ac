import useSWR from 'swr';
import type { WireMe } from '../../../server/src/wire/auth.ts';
import type { Camelized } from './types.ts';
import { getJson } from './http.ts';

export type Me = Camelized<WireMe>;
export type CurrentUser = NonNullable<Me['user']>;

export const ME_KEY = '/r/users/me';

export function useMe() {
  const { data, error, isLoading, mutate } = useSWR<Me>(ME_KEY, (key: string) => getJson<Me>(key));
  return { me: data, user: data?.user ?? null, error, isLoading, refresh: mutate };
}
