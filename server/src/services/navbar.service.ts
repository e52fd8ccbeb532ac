import type { NavbarRepository } from '../repositories/navbar.repository.ts';
import type { UserWithOrg } from '../repositories/user.repository.ts';
import type { WireNavbar } from '../wire/navbar.ts';
import type { BroadcastService } from './broadcast.service.ts';

/** The Service of Remembrance banner invites organizations that made at least this many videos this year. */
export const SOR_BANNER_THRESHOLD = 10;

export interface NavbarCaller {
  user?: UserWithOrg;
  adminUser?: UserWithOrg;
}

/**
 * The top bar's flags for the caller. The SOR banner's "not on /sor" rule is applied by the page,
 * which knows where it is; everything else is decided here.
 */
export function navbarService(navbar: NavbarRepository, broadcasts: BroadcastService, productionSite: boolean) {
  async function sorBanner(user: UserWithOrg, sorEnabled: boolean, now: Date): Promise<boolean> {
    const year = now.getFullYear();
    if (!sorEnabled || user.organization_id === null || user.sor_dismissed_year === year) return false;
    const count = await navbar.countVideosSince(user.organization_id, new Date(year, 0, 1));
    return count >= SOR_BANNER_THRESHOLD;
  }

  return {
    async forCaller({ user, adminUser }: NavbarCaller, now = new Date()): Promise<WireNavbar> {
      const broadcast = await broadcasts.current();
      const org = user?.organization_id ? await navbar.organizationFlags(user.organization_id) : undefined;
      const partnered = Boolean(org?.partner_name);
      return {
        super: user?.role === 'super',
        via_admin: Boolean(user && adminUser),
        logged_in: Boolean(user),
        menu: org?.menu ?? Boolean(user),
        billing: org?.billing ?? false,
        organization_name: org?.organization_name ?? null,
        partner_name: org?.partner_name ?? null,
        user_id: user?.id ?? null,
        production_site: productionSite,
        client_broadcast_enabled: broadcast.enabled,
        client_broadcast: broadcast.broadcast,
        show_partner_unreleased_banner: partnered && org?.partner_released === false,
        show_partner_dev_banner: partnered && org?.partner_dev === true,
        show_sor_banner: user && org ? await sorBanner(user, org.sor_enabled, now) : false,
      };
    },
  };
}
