import type { CreatorVideo } from '../../api/index.ts';

/** Spec 1, section 3 "Video (setup)", as the form and the save queue hold it. */
export type SetupValues = {
  title: string;
  subtitle: string;
  introText: string;
  billingId: string;
  themeId: number;
  customThemeId: number | null;
  brandId: number | null;
  useLogo: boolean;
};

export type TextField = 'title' | 'subtitle' | 'introText' | 'billingId';

/** Spec 1, section 9. */
export const TEXT_LIMIT = 250;
export const SAVE_DEBOUNCE_MS = 500;

export const NEW_VIDEO: SetupValues = {
  title: '',
  subtitle: '',
  introText: '',
  billingId: '',
  themeId: 0,
  customThemeId: null,
  brandId: null,
  useLogo: false,
};

export function setupValuesOf(video: CreatorVideo): SetupValues {
  return {
    title: video.title,
    subtitle: video.subtitle,
    introText: video.introText,
    billingId: video.billingId,
    themeId: video.themeId,
    customThemeId: video.customThemeId,
    brandId: video.brandId,
    useLogo: video.useLogo,
  };
}

/** The video is made only once it has a title (spec 1, section 4). */
export const canCreate = (values: SetupValues): boolean => values.title.trim() !== '';

/** Spec 1, section 2.2: branding only for staff, when branding is on or a logo exists, and a brand exists. */
export function showsBranding(org: { showBranding: boolean; hasLogo: boolean; brands: unknown[] }, isAnonymous: boolean): boolean {
  return !isAnonymous && (org.showBranding || org.hasLogo) && org.brands.length > 0;
}

/** Spec 1, section 1: what an affiliate customer's staff read when they make a video here rather than from their website. */
export const AFFILIATE_WARNING =
  'This video is being made directly on this site, so it will not be embedded into your website automatically. To show it on an obituary page, start the video from your website, or paste the embed code from its Share or Embed tab.';

/**
 * Spec 1, section 1: the affiliate warning shows to an affiliate customer's staff for a video made directly here,
 * a new one or one without the foreign id their website's integration gives the videos it starts.
 */
export function showsAffiliateWarning(org: { affiliateCustomer: boolean }, isAnonymous: boolean, foreignId: string | null | undefined): boolean {
  return !isAnonymous && org.affiliateCustomer && !foreignId;
}

/** Spec 1, section 2.2: the artwork preview depends on the showArtwork flag. */
export const showsArtwork = (org: { showArtwork: boolean }): boolean => org.showArtwork;

/** Spec 1, section 2.2: the Brand - Organization selector only when there is a choice, more than one brand. */
export const showsBrandSelector = (org: { brands: unknown[] }): boolean => org.brands.length > 1;

/** A new video starts with the organization's first brand, as the server would choose it. */
export function newVideoValues(org: { brands: { id: number }[] }): SetupValues {
  const ids = org.brands.map((b) => b.id);
  return { ...NEW_VIDEO, brandId: ids.length ? Math.min(...ids) : null };
}
