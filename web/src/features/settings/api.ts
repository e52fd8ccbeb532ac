import useSWR from 'swr';
import type {
  WireAdminUser,
  WireAdminUserPage,
  WireAdminVideo,
  WireAdminVideoPage,
  WireBrand,
  WireBrandPage,
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
export type VideoState = 'active' | 'deleted' | 'all';

type Query = Record<string, string | number | undefined>;

/** One page of a list; `page` counts from 0 as TablePagination does, the server counts from 1. */
export function usePagedList<T>(path: string, query: Query, page: number, perPage: number) {
  const key = withQuery(path, { ...query, page: page + 1, per_page: perPage });
  return useSWR(key, (url: string) => getJson<T>(url), { keepPreviousData: true });
}

export const useOrganizationPage = (q: string, page: number, perPage: number) =>
  usePagedList<Camelized<WireOrganizationPage>>('/r/settings/organizations', { q: q || undefined }, page, perPage);

export const createOrganization = (values: Partial<Organization>) =>
  sendJson<{ organization: Organization }>('POST', '/r/settings/organizations', values);

export const updateOrganization = (id: number, values: Partial<Organization>) =>
  sendJson<{ organization: Organization }>('PATCH', `/r/settings/organizations/${id}`, values);

export const useBrandPage = (q: string, organizationId: number | undefined, page: number, perPage: number) =>
  usePagedList<Camelized<WireBrandPage>>('/r/settings/brands', { q: q || undefined, organization_id: organizationId }, page, perPage);

export const createBrand = (values: { organizationId: number; name: string }) => sendJson<{ brand: Brand }>('POST', '/r/settings/brands', values);

export const updateBrand = (id: number, values: { name?: string; disabled?: boolean }) =>
  sendJson<{ brand: Brand }>('PATCH', `/r/settings/brands/${id}`, values);

export const useUserPage = (q: string, organizationId: number | undefined, page: number, perPage: number) =>
  usePagedList<Camelized<WireAdminUserPage>>('/r/settings/users', { q: q || undefined, organization_id: organizationId }, page, perPage);

export interface NewUser {
  name: string;
  email: string;
  role: Role;
  organizationId: number | null;
  password?: string;
  sendInvitation?: boolean;
}

export const createUser = (values: NewUser) => sendJson<{ user?: AdminUser; invitation?: Invitation }>('POST', '/r/settings/users', values);

export const updateUser = (id: number, values: Partial<Pick<AdminUser, 'name' | 'email' | 'role' | 'organizationId' | 'disabled'>>) =>
  sendJson<{ user: AdminUser }>('PATCH', `/r/settings/users/${id}`, values);

export const useVideoPage = (q: string, organizationId: number | undefined, state: VideoState, page: number, perPage: number) =>
  usePagedList<Camelized<WireAdminVideoPage>>('/r/settings/videos', { q: q || undefined, organization_id: organizationId, state }, page, perPage);

export const updateVideo = (id: number, values: Partial<Pick<AdminVideo, 'title' | 'subtitle' | 'introText' | 'organizationId'>>) =>
  sendJson<{ video: AdminVideo }>('PATCH', `/r/settings/videos/${id}`, values);

export const deleteVideo = (id: number) => sendJson<{ video: AdminVideo }>('POST', `/r/settings/videos/${id}/delete`);

export const restoreVideo = (id: number) => sendJson<{ video: AdminVideo }>('POST', `/r/settings/videos/${id}/undelete`);

/** Organizations whose name matches, for pickers; the first 20 are plenty to choose from while typing. */
export const searchOrganizations = (q: string) =>
  getJson<Camelized<WireOrganizationPage>>('/r/settings/organizations', { q: q || undefined, per_page: 20 }).then((r) => r.organizations);
