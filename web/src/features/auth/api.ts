import useSWR from 'swr';
import type { WireUser } from '../../../../server/src/wire/auth.ts';
import type { WireInvitation, WireNotice, WirePasswordReset } from '../../../../server/src/wire/accounts.ts';
import { getJson, sendJson, type Camelized } from '../../api/index.ts';

export type Invitation = Camelized<WireInvitation>;
type UserReply = { user: Camelized<WireUser> };

/** The calls the account pages make; none opens the error dialog, as each page shows its errors beside the form. */
const quiet = { alertErrors: false };

export const login = (fields: Record<string, string>) =>
  sendJson<UserReply>('POST', '/users/login', { email: fields.email, password: fields.password }, quiet);

export const register = (fields: Record<string, string>) =>
  sendJson<UserReply>('POST', '/users/register', { name: fields.name, organization: fields.organization, email: fields.email, password: fields.password }, quiet);

export const requestPasswordReset = (email: string) => sendJson<Camelized<WireNotice>>('POST', '/users/forgot_password', { email }, quiet);

export const resetPassword = (token: string, password: string) =>
  sendJson<UserReply>('POST', `/users/reset_password/${encodeURIComponent(token)}`, { password }, quiet);

export const acceptInvitation = (token: string, fields: { name: string; password: string }) =>
  sendJson<UserReply>('POST', `/users/invitation/${encodeURIComponent(token)}`, fields, quiet);

export const logout = () => sendJson<{ success: boolean }>('POST', '/users/logout', undefined, quiet);

/** Back from acting as another user to the super user's own account. */
export const switchBack = () => sendJson<UserReply>('POST', '/users/logout/in', undefined, quiet);

/** A super user starts acting as another user (the settings/users page's "Log in as"). */
export const switchToUser = (userId: number) => sendJson<UserReply>('POST', `/r/users/${userId}/switch`);

export function usePasswordReset(token: string) {
  return useSWR(['/r/password_resets/', token], ([path, t]) => getJson<Camelized<WirePasswordReset>>(path + encodeURIComponent(t)), {
    revalidateIfStale: false,
  });
}

export function useInvitation(token: string) {
  return useSWR(['/r/invitations/', token], ([path, t]) => getJson<Invitation>(path + encodeURIComponent(t)), { revalidateIfStale: false });
}

/** The message of a failed call, as the server wrote it. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');
