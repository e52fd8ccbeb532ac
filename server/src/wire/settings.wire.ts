import type { BrandWithOrg } from '../repositories/brand.repository.ts';
import type { OrganizationWithCounts } from '../repositories/organization.repository.ts';
import type { UserTokenRow } from '../repositories/user-token.repository.ts';
import type { UserWithOrg } from '../repositories/user.repository.ts';
import type { AdminVideoRow } from '../repositories/video-admin.repository.ts';
import { toWireUser } from './user.wire.ts';
import type { WireAdminUser, WireAdminVideo, WireBrand, WireInvitation, WireOrganization } from './settings.ts';

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);
const version = (value: Date | string): number => new Date(value).getTime();

export const toWireOrganization = (o: OrganizationWithCounts): WireOrganization => ({
  id: o.id,
  organization_name: o.organization_name,
  partner_name: o.partner_name,
  logo_url: o.logo_path ? `/r/organizations/${o.id}/logo?v=${version(o.updated_at)}` : null,
  video_length_limit: o.video_length_limit,
  max_override_length: o.max_override_length,
  billing_id_prompt: o.billing_id_prompt,
  upload_links_enabled: o.upload_links_enabled,
  show_branding: o.show_branding,
  sor_enabled: o.sor_enabled,
  menu: o.menu,
  billing: o.billing,
  sample_button: o.sample_button,
  music_upload_available: o.music_upload_available,
  obituary_qr_link: o.obituary_qr_link,
  show_artwork: o.show_artwork,
  dvd_standard: o.dvd_standard,
  partner_released: o.partner_released,
  partner_dev: o.partner_dev,
  disabled: o.disabled,
  user_count: o.user_count,
  created_at: iso(o.created_at)!,
});

export const toWireBrand = (b: BrandWithOrg): WireBrand => ({
  id: b.id,
  organization_id: b.organization_id,
  organization_name: b.organization_name,
  name: b.name,
  logo_url: b.logo_path ? `/r/organizations/brands/${b.id}/logo?v=${version(b.updated_at)}` : null,
  disabled: b.disabled,
});

export const toWireAdminUser = (u: UserWithOrg): WireAdminUser => ({
  ...toWireUser(u),
  last_login_at: iso(u.last_login_at),
  created_at: iso(u.created_at)!,
});

export const toWireAdminVideo = (v: AdminVideoRow): WireAdminVideo => ({
  id: v.id,
  title: v.title,
  subtitle: v.subtitle,
  intro_text: v.intro_text,
  organization_id: v.organization_id,
  organization_name: v.organization_name,
  user_name: v.user_name,
  finished: v.finished,
  date_in_queue: iso(v.date_in_queue),
  deleted: Boolean(v.deleted_at),
  created_at: iso(v.created_at)!,
});

export const toWireInvitation = (t: UserTokenRow & { created_by_name?: string | null }): WireInvitation => ({
  id: t.id,
  email: t.email,
  role: t.role ?? 'staff',
  organization_id: t.organization_id!,
  created_by_name: t.created_by_name ?? null,
  expires_at: iso(t.expires_at)!,
  created_at: iso(t.created_at)!,
});
