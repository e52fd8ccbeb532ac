import useSWR from 'swr';
import type { WireOutboxPage } from '../../../../server/src/wire/outbox.ts';
import { getJson, withQuery, type Camelized } from '../../api/index.ts';

export type OutboxPage = Camelized<WireOutboxPage>;
export type OutboxMessage = OutboxPage['messages'][number];

export const PAGE_SIZES = [25, 50, 100];

/** One page of the outbox; `page` counts from 0 as the table does, the server counts from 1. */
export function useOutbox(search: string, page: number, perPage: number) {
  const key = withQuery('/r/outbox', { q: search || undefined, page: page + 1, per_page: perPage });
  return useSWR(key, (path: string) => getJson<OutboxPage>(path), { keepPreviousData: true });
}

