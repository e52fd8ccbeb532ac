import { AppError, notFound } from '../http/errors.ts';
import type { BrandRepository, BrandWithOrg } from '../repositories/brand.repository.ts';
import type { CustomThemeRepository } from '../repositories/custom-theme.repository.ts';
import type { OrganizationRepository, OrganizationRow } from '../repositories/organization.repository.ts';
import type { UserRepository, UserWithOrg } from '../repositories/user.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { WireMadeEditable, WireSetupOrganization, WireVideoCreated, WireVideoSetupFacts, WireVideoSetupInput } from '../wire/video.ts';
import type { RememberedLook } from './look-customization.service.ts';
import { ACCESS_FULL, isReadOnly, type VideoAccess } from './video-access.ts';

/** Spec 1, section 9: every setup text field holds at most 250 characters. */
export const SETUP_TEXT_LIMIT = 250;

type TextField = 'title' | 'subtitle' | 'intro_text' | 'billing_id';
const TEXT_LABELS: Record<TextField, string> = { title: 'Title', subtitle: 'Subtitle', intro_text: 'Introductory Text', billing_id: 'Billing ID' };
const SETUP_FIELDS = ['title', 'subtitle', 'intro_text', 'billing_id', 'theme_id', 'custom_theme_id', 'brand_id', 'use_logo'] as const;

/** What a family with full access may change: the words and the look, never billing or branding (spec 1, section 6). */
const FAMILY_FIELDS = new Set<string>(['title', 'subtitle', 'intro_text', 'theme_id', 'custom_theme_id']);

export class SetupInvalid extends AppError {
  readonly messages: string[];
  constructor(messages: string[]) {
    super(422, messages[0]);
    this.messages = messages;
  }
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Keeps the setup fields of a request body, refusing values of the wrong kind. */
export function parseSetupInput(raw: unknown, billingLabel: string | null): WireVideoSetupInput {
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const field of SETUP_FIELDS) {
    if (!(field in body)) continue;
    const value = body[field];
    if (field in TEXT_LABELS) {
      const label = field === 'billing_id' && billingLabel ? billingLabel : TEXT_LABELS[field as TextField];
      if (typeof value !== 'string') errors.push(`${label} must be text.`);
      else if ([...value].length > SETUP_TEXT_LIMIT) errors.push(`${label} must be at most ${SETUP_TEXT_LIMIT} characters.`);
      else input[field] = value;
    } else if (field === 'use_logo') {
      if (typeof value !== 'boolean') errors.push('The logo switch must be on or off.');
      else input[field] = value;
    } else if (field === 'theme_id') {
      if (value !== 0 && !isId(value)) errors.push('That theme is not available.');
      else input[field] = value;
    } else if (value !== null && !isId(value)) {
      errors.push(field === 'brand_id' ? 'That brand is not available.' : 'That custom theme is not available.');
    } else {
      input[field] = value;
    }
  }
  if (typeof input.title === 'string' && !input.title.trim()) errors.push('Title is required.');
  if (errors.length) throw new SetupInvalid(errors);
  return input as WireVideoSetupInput;
}

export interface VideoSetupRepos {
  videos: VideoRepository;
  organizations: OrganizationRepository;
  brands: BrandRepository;
  customThemes: CustomThemeRepository;
  users: Pick<UserRepository, 'findById'>;
  /** The look a user chose to use on future videos ('Also use on future videos' in Customize Look). */
  rememberedLook?: (userId: number) => Promise<RememberedLook | null>;
}

/** Creating a video from its setup fields, changing them, and reopening a finalized video (spec 1, sections 2.1, 2.2, 4). */
export function videoSetupService({ videos, organizations, brands, customThemes, users, rememberedLook }: VideoSetupRepos) {
  async function liveBrands(organizationId: number): Promise<BrandWithOrg[]> {
    const { rows } = await brands.list({ organizationId, terms: [], offset: 0, limit: 500 });
    return rows.filter((b) => !b.disabled);
  }

  async function organizationFacts(org: OrganizationRow | undefined, staff: boolean): Promise<WireSetupOrganization> {
    const choices = staff && org ? await liveBrands(org.id) : [];
    return {
      organization_name: org?.organization_name ?? null,
      upload_links_enabled: org?.upload_links_enabled ?? false,
      show_branding: org?.show_branding ?? false,
      has_logo: staff && Boolean(org?.logo_path || choices.some((b) => b.logo_path)),
      billing_id_prompt: staff ? (org?.billing_id_prompt ?? null) : null,
      brands: choices.map((b) => ({ id: b.id, name: b.name })),
      show_artwork: org?.show_artwork ?? true,
      affiliate_customer: staff && Boolean(org?.partner_name?.trim()),
    };
  }

  async function billingLabel(organizationId: number | null): Promise<string | null> {
    return organizationId ? ((await organizations.findById(organizationId))?.billing_id_prompt ?? null) : null;
  }

  /** Checks the ids in a change against the video's organization and keeps theme and custom theme consistent. */
  async function resolveChoices(input: WireVideoSetupInput, organizationId: number | null): Promise<Partial<VideoRow>> {
    const values: Partial<VideoRow> = { ...input } as Partial<VideoRow>;
    if (input.theme_id) {
      if (!(await customThemes.findBaseTheme(input.theme_id))) throw new SetupInvalid(['That theme is not available.']);
    }
    if ('theme_id' in input && !('custom_theme_id' in input)) values.custom_theme_id = null;
    if (input.custom_theme_id) {
      const custom = await customThemes.findById(input.custom_theme_id);
      if (!custom || custom.organization_id !== organizationId) throw new SetupInvalid(['That custom theme is not available.']);
      // A custom theme is drawn on its base theme: the two always travel together.
      values.theme_id = custom.theme_id;
    }
    if (input.brand_id) {
      const brand = await brands.findById(input.brand_id);
      if (!brand || brand.disabled || brand.organization_id !== organizationId) throw new SetupInvalid(['That brand is not available.']);
    }
    return values;
  }

  return {
    /** The organization's facts for a video not made yet (/creator/new). */
    async options(user: UserWithOrg): Promise<WireSetupOrganization> {
      const org = user.organization_id ? await organizations.findById(user.organization_id) : undefined;
      return organizationFacts(org, true);
    },

    async facts({ video, user, linkLevel }: VideoAccess): Promise<WireVideoSetupFacts> {
      const staff = linkLevel === undefined && user !== undefined;
      const org = video.organization_id ? await organizations.findById(video.organization_id) : undefined;
      const editable = !isReadOnly(video);
      const deleted = video.deleted_at !== null;
      return {
        brand_id: staff ? video.brand_id : null,
        use_logo: staff ? video.use_logo : false,
        creator: {
          editable,
          read_only: !editable || deleted,
          manageable: staff,
          full_access: linkLevel === undefined || linkLevel === ACCESS_FULL,
          regeneration: video.finished && editable,
          family_upload_finished: video.family_upload_finished,
          upload_link_note: video.upload_link_note,
          edit_link: staff && !editable && !deleted ? `/r/videos/${video.id}/make_editable?redirect=setup` : null,
          organization: await organizationFacts(org, staff),
        },
      };
    },

    /** Signed-in staff only; a super user may make the video for another user, in that user's organization. */
    async create(user: UserWithOrg, raw: unknown, ownerId: number = user.id): Promise<WireVideoCreated> {
      // Refused before the owner is looked up: the same answer whether that user exists or not, so ids cannot be probed.
      if (ownerId !== user.id && user.role !== 'super') throw new AppError(403, 'You can only create videos for yourself.');
      const owner = ownerId === user.id ? user : await users.findById(ownerId);
      if (!owner) throw notFound();
      const organizationId = owner.organization_id;
      if (!organizationId) throw new AppError(403, 'Only members of an organization can create videos.');
      const input = parseSetupInput(raw, await billingLabel(organizationId));
      if (typeof input.title !== 'string') throw new SetupInvalid(['Title is required.']);
      const values = await resolveChoices(input, organizationId);
      if (!('brand_id' in input)) {
        // The organization's first brand (its own name, usually) until someone picks another.
        const ids = (await liveBrands(organizationId)).map((b) => b.id);
        values.brand_id = ids.length ? Math.min(...ids) : null;
      }
      const look = await rememberedLook?.(owner.id);
      if (look) {
        values.customizations = JSON.stringify(look.customizations);
        if (look.background_id !== null && !('background_id' in values)) values.background_id = look.background_id;
      }
      const video = await videos.create({ ...values, organization_id: organizationId, user_id: owner.id });
      return { video_id: video.id };
    },

    /** Changes only the fields given. */
    async update({ video, linkLevel }: VideoAccess, raw: unknown): Promise<void> {
      const input = parseSetupInput(raw, linkLevel === undefined ? await billingLabel(video.organization_id) : null);
      if (linkLevel !== undefined) {
        const refused = Object.keys(input).some((k) => !FAMILY_FIELDS.has(k)) || Boolean(input.custom_theme_id);
        if (refused) throw new AppError(403, 'Billing, branding and custom themes can only be changed by the organization.');
      }
      if (Object.keys(input).length === 0) return;
      await videos.update(video.id, await resolveChoices(input, video.organization_id));
    },

    /** Opens a finalized video for editing again (spec 1, section 4); it must be finalized again afterwards. */
    async makeEditable({ video }: VideoAccess, redirect: unknown): Promise<WireMadeEditable> {
      if (video.deleted_at) throw new AppError(404, 'Not found');
      if (video.date_in_queue) await videos.update(video.id, { date_in_queue: null });
      const step = redirect === 'setup' ? 'setup' : 'slides';
      return { success: true, redirect: `/creator/${video.id}/${step}` };
    },
  };
}

export type VideoSetupService = ReturnType<typeof videoSetupService>;
