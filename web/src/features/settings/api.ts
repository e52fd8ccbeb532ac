import useSWR from 'swr';
import type {
  WireAdminUser,
  WireAdminVideo,
  WireBrand,
  WireInvitation,
  WireOrganization,
  WireOrganizationPage,
} from '../../../../server/src/wire/settings.ts';
import { getJson, sendJson, withQuery, type Camelized } from '../../api/index.ts';

export type Organization = Camelized<WireOrganization>;
export type Brand = Camelized<WireBrand>;
export type AdminUser = Camelized<WireAdminUser>;
export type AdminVideo = Camelized<WireAdminVideo>;
export type Invitation = Camelized<WireInvitation>;
export type Role = AdminUser['role'];

type Query = Record<string, string | number | undefined>;

/** One page of a list; `page` counts from 0 as TablePagination does, the server counts from 1. */
export function usePagedList<T>(path: string, query: Query, page: number, perPage: number) {
  const key = withQuery(path, { ...query, page: page + 1, per_page: perPage });
  return useSWR(key, (url: string) => getJson<T>(url), { keepPreviousData: true });
}

export interface NewUser {
  name: string;
  email: string;
  role: Role;
  organizationId: number | null;
  password?: string;
  sendInvitation?: boolean;
}

// The user form shows a refusal itself: each field's message beside the field, anything else in the alert dialog.
export const createUser = (values: NewUser) => sendJson<{ user?: AdminUser; invitation?: Invitation }>('POST', '/r/settings/users', values, { alertErrors: false });

export const updateUser = (id: number, values: Partial<Pick<AdminUser, 'name' | 'email' | 'role' | 'organizationId' | 'disabled'>>) =>
  sendJson<{ user: AdminUser }>('PATCH', `/r/settings/users/${id}`, values, { alertErrors: false });

export const deleteVideo = (id: number) => sendJson<{ video: AdminVideo }>('POST', `/r/settings/videos/${id}/delete`);

export const restoreVideo = (id: number) => sendJson<{ video: AdminVideo }>('POST', `/r/settings/videos/${id}/undelete`);

/** Organizations whose name matches, for pickers; the first 20 are plenty to choose from while typing. */
export const searchOrganizations = (q: string) =>
  getJson<Camelized<WireOrganizationPage>>('/r/settings/organizations', { q: q || undefined, per_page: 20 }).then((r) => r.organizations);
