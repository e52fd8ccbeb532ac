import { THEME_ORDER, themeRepository, type ThemeRow } from '../../repositories/theme.repository.ts';
import { THEME_VISIBILITIES, themeAdminFields, themeAdminService, type ThemeValues } from '../../services/theme-admin.service.ts';
import { ART_FAMILIES } from '../../themes/theme-settings.ts';
import type { AdminResource, Row } from '../resource.ts';

const service = (db: Parameters<NonNullable<AdminResource['check']>>[2]) => themeAdminService(themeRepository(db));

/**
 * /settings/themes: the themes the picker offers (GET /r/themes) and the render engine draws. Title, tags,
 * visibility (released, unreleased: super users only, or hidden), the house order, and the art family's settings,
 * which live in the theme's design (services/theme-admin.service.ts); the edit form shows the engine's preview
 * (GET /r/settings/themes/{id}/preview.jpg). A new theme starts from another's type and look. Catalogue themes can
 * be hidden, not deleted.
 */
export const themesResource: AdminResource = {
  name: 'themes',
  table: 'themes',
  plural: 'themes',
  singular: 'theme',
  fields: [
    { column: 'theme_title', label: 'title', kind: 'text', required: true },
    { column: 'tags', label: 'tags', kind: 'text', max: 500, blank: '' },
    { column: 'visibility', label: 'visibility', kind: 'choice', choices: THEME_VISIBILITIES },
    { column: 'position', label: 'order', kind: 'int', min: 1, max: 100_000 },
    { column: 'art_family', label: 'art family', kind: 'choice', choices: ART_FAMILIES },
    { column: 'art_seed', label: 'art seed', kind: 'int', min: 1, max: 999_999 },
    { column: 'palette', label: 'palette', kind: 'text', max: 100 },
    { column: 'base_theme_id', label: 'theme to start from', kind: 'reference', references: 'themes', required: true, createOnly: true },
  ],
  searchable: ['themes.theme_title', 'themes.tags'],
  order: THEME_ORDER,
  remove: 'delete',
  check: (values, current, db) => service(db).problems(values as ThemeValues, current as unknown as ThemeRow | undefined),
  refusal: (row: Row, db) => service(db).refusal(row as unknown as ThemeRow),
  // The art settings live in the design, and a new theme's id follows the catalogue's (services/theme-admin.service.ts).
  save: {
    create: (values, db) => service(db).create(values as ThemeValues),
    update: (row: Row, values, db) => service(db).update(row as unknown as ThemeRow, values as ThemeValues),
  },
  toWire: (row) => themeAdminFields(row as unknown as ThemeRow),
};
