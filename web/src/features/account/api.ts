import useSWR from 'swr';
import type { WireAccountSettings, WireAdminUserPage, WireInvitation } from '../../../../server/src/wire/settings.ts';
import { getJson, sendJson, withQuery, type Camelized } from '../../api/index.ts';
import { sendFile } from '../../api/index.ts';
import type { AdminUser, Brand, Invitation, Organization, Role } from '../settings/index.ts';

export type AccountSettings = Camelized<WireAccountSettings>;

export const ACCOUNT_SETTINGS_KEY = '/r/organizations/account_settings';
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

export function useAccountSettings() {
  return useSWR(ACCOUNT_SETTINGS_KEY, (key: string) => getJson<AccountSettings>(key));
}

export const updateAccountSettings = (values: Partial<Pick<Organization, 'organizationName' | 'billingIdPrompt' | 'uploadLinksEnabled'>>) =>
  sendJson<AccountSettings>('PATCH', ACCOUNT_SETTINGS_KEY, values);

/** Upload errors are shown beside the logo, not in the alert dialog. */
export const uploadOrganizationLogo = (file: File) =>
  sendFile<{ organization: Organization }>('/r/organizations/logo', 'logo', file, { alertErrors: false });

export const removeOrganizationLogo = () => sendJson<{ organization: Organization }>('DELETE', '/r/organizations/logo');

const paged = (path: string, q: string, page: number, perPage: number) => withQuery(path, { q: q || undefined, page: page + 1, per_page: perPage });

export const uploadBrandLogo = (id: number, file: File) =>
  sendFile<{ brand: Brand }>(`/r/organizations/brands/${id}/logo`, 'logo', file, { alertErrors: false });

export const removeBrandLogo = (id: number) => sendJson<{ brand: Brand }>('DELETE', `/r/organizations/brands/${id}/logo`);

export function useStaff(q: string, page: number, perPage: number) {
  return useSWR(paged('/r/organizations/users', q, page, perPage), (key: string) => getJson<Camelized<WireAdminUserPage>>(key), {
    keepPreviousData: true,
  });
}

export const updateStaff = (id: number, values: { name?: string; role?: Role; disabled?: boolean }) =>
  sendJson<{ user: AdminUser }>('PATCH', `/r/organizations/users/${id}`, values);

export const INVITATIONS_KEY = '/r/organizations/invitations';

export function useInvitations() {
  return useSWR(INVITATIONS_KEY, (key: string) => getJson<{ invitations: Camelized<WireInvitation>[] }>(key));
}

export const invite = (email: string, role: Role) => sendJson<{ invitation: Invitation }>('POST', INVITATIONS_KEY, { email, role });

export const revokeInvitation = (id: number) => sendJson<{ success: boolean }>('DELETE', `${INVITATIONS_KEY}/${id}`);
