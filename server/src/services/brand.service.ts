import { AppError } from '../http/errors.ts';
import type { Paging } from '../http/paging.ts';
import type { BrandRepository, BrandWithOrg } from '../repositories/brand.repository.ts';
import type { LogoRepository } from '../repositories/logo.repository.ts';
import type { OrganizationRepository } from '../repositories/organization.repository.ts';
import { searchTerms } from './accent-fold.ts';
import { normaliseLogo } from './organization.service.ts';
import { boolField, defined, textField } from './settings-fields.ts';

type Body = Record<string, unknown>;

export const brandLogoKey = (brand: { id: number; organization_id: number }): string =>
  `organizations/${brand.organization_id}/brands/${brand.id}/logo.png`;

/**
 * Brands are the names (and logos) a funeral home shows on its videos. Super users manage every brand;
 * an organization's administrator only its own, so every call that names a brand says whose it must be.
 */
export function brandService(brands: BrandRepository, organizations: OrganizationRepository, logos: LogoRepository) {
  /** The brand, when it exists and (if an organization is given) belongs to it; else 404 like a missing one. */
  async function find(id: number, organizationId?: number): Promise<BrandWithOrg> {
    const brand = await brands.findById(id);
    if (!brand || (organizationId !== undefined && brand.organization_id !== organizationId)) throw new AppError(404, 'Not found');
    return brand;
  }

  return {
    find,

    async list(filter: { q: unknown; organizationId?: number }, paging: Paging) {
      return brands.list({ organizationId: filter.organizationId, terms: searchTerms(filter.q), offset: paging.offset, limit: paging.perPage });
    },

    /** A brand of the caller's own organization (super users create any organization's on the admin scaffold, admin/resources/brands.ts). */
    async create(body: Body, organizationId: number): Promise<BrandWithOrg> {
      const name = textField(body, 'name', 'brand name', { required: true })!;
      if (!(await organizations.findById(organizationId))) throw new AppError(400, 'Please choose a valid organization.');
      const row = await brands.create({ organization_id: organizationId, name });
      return find(row.id);
    },

    async update(id: number, body: Body, organizationId?: number): Promise<BrandWithOrg> {
      await find(id, organizationId);
      const values = defined({
        name: textField(body, 'name', 'brand name', { required: 'name' in body }),
        disabled: boolField(body, 'disabled', 'Disabled'),
      });
      await brands.update(id, values);
      return find(id);
    },

    async setLogo(id: number, upload: Buffer | undefined, organizationId?: number): Promise<BrandWithOrg> {
      const brand = await find(id, organizationId);
      const png = await normaliseLogo(logos, upload);
      const key = brandLogoKey(brand);
      await logos.save(key, png);
      await brands.update(id, { logo_path: key });
      return find(id);
    },

    async removeLogo(id: number, organizationId?: number): Promise<BrandWithOrg> {
      await find(id, organizationId);
      await brands.update(id, { logo_path: null });
      return find(id);
    },

    async openLogo(id: number, organizationId?: number) {
      const brand = await find(id, organizationId);
      const png = brand.logo_path ? await logos.read(brand.logo_path) : undefined;
      if (!png) throw new AppError(404, 'Not found');
      return png;
    },
  };
}

export type BrandService = ReturnType<typeof brandService>;
