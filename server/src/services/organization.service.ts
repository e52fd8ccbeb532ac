import { AppError } from '../http/errors.ts';
import { NotAnImageError, type LogoRepository } from '../repositories/logo.repository.ts';
import type { OrganizationRepository, OrganizationWithCounts } from '../repositories/organization.repository.ts';
import { boolField, defined, optionalTextField, textField } from './settings-fields.ts';

type Body = Record<string, unknown>;

/** The feature switches a super user sets on /settings/organizations (admin/resources/organizations.ts). */
export const ORGANIZATION_FLAGS = {
  upload_links_enabled: 'Upload links',
  show_branding: 'Show branding',
  sor_enabled: 'Service of Remembrance',
  menu: 'Menu',
  billing: 'Billing',
  sample_button: 'Sample button',
  music_upload_available: 'Music upload',
  obituary_qr_link: 'Obituary QR link',
  show_artwork: 'Artwork preview',
  partner_released: 'Partner released',
  partner_dev: 'Partner development account',
  disabled: 'Disabled',
} as const;

export const MAX_LENGTH_MINUTES = 600;

export const NOT_AN_IMAGE = 'That file is not a picture we can read. Please choose a PNG, JPEG, GIF or WebP image.';

export const organizationLogoKey = (organizationId: number): string => `organizations/${organizationId}/logo.png`;

export function organizationService(organizations: OrganizationRepository, logos: LogoRepository) {
  async function find(id: number): Promise<OrganizationWithCounts> {
    const organization = await organizations.findById(id);
    if (!organization) throw new AppError(404, 'Not found');
    return organization;
  }

  return {
    find,

    /** The fields an organization's own administrator may change; limits and flags stay with super users. */
    async updateOwn(id: number, body: Body): Promise<OrganizationWithCounts> {
      await find(id);
      const values = defined({
        organization_name: textField(body, 'organization_name', 'organization name', { required: 'organization_name' in body }),
        billing_id_prompt: optionalTextField(body, 'billing_id_prompt', 'billing id prompt'),
        upload_links_enabled: boolField(body, 'upload_links_enabled', ORGANIZATION_FLAGS.upload_links_enabled),
      });
      await organizations.update(id, values);
      return find(id);
    },

    async setLogo(id: number, upload: Buffer | undefined): Promise<OrganizationWithCounts> {
      await find(id);
      const png = await normaliseLogo(logos, upload);
      const key = organizationLogoKey(id);
      await logos.save(key, png);
      await organizations.update(id, { logo_path: key });
      return find(id);
    },

    async removeLogo(id: number): Promise<OrganizationWithCounts> {
      await find(id);
      await organizations.update(id, { logo_path: null });
      return find(id);
    },

    async openLogo(id: number) {
      const organization = await find(id);
      const png = organization.logo_path ? await logos.read(organization.logo_path) : undefined;
      if (!png) throw new AppError(404, 'Not found');
      return png;
    },
  };
}

/** Shared by organization and brand logos: the upload must be a picture; it is stored as a PNG. */
export async function normaliseLogo(logos: LogoRepository, upload: Buffer | undefined): Promise<Buffer> {
  if (!upload?.length) throw new AppError(400, 'Please choose a logo file to upload.');
  try {
    return await logos.normalise(upload);
  } catch (err) {
    if (err instanceof NotAnImageError) throw new AppError(400, NOT_AN_IMAGE);
    throw err;
  }
}

export type OrganizationService = ReturnType<typeof organizationService>;
