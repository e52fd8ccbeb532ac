/**
 * The print settings of the Print Labels tab (spec 3 section 3.4) and their rules (section 5). Pure, so the tab
 * shows and sends exactly what the stationery routes accept.
 */

export const LABEL_PRODUCTS = ['dvd_label', 'dvd_jacket', 'video_book_insert'] as const;
/** Spec 3 section 6: super users also print the Photo CD label, for a disc of the video's photos. */
export const ADMIN_LABEL_PRODUCTS = ['photo_cd_label'] as const;
export type LabelProduct = (typeof LABEL_PRODUCTS)[number] | (typeof ADMIN_LABEL_PRODUCTS)[number];

/** The products a caller may print: super users get the admin ones after the spec's three. */
export const labelProductsFor = (admin: boolean): readonly LabelProduct[] => (admin ? [...LABEL_PRODUCTS, ...ADMIN_LABEL_PRODUCTS] : LABEL_PRODUCTS);

export const LABEL_FORMATS = ['pdf', 'jpg'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export const LABEL_PRODUCT_NAMES: Record<LabelProduct, string> = {
  dvd_label: 'DVD label',
  dvd_jacket: 'DVD case insert',
  video_book_insert: 'Video book insert',
  photo_cd_label: 'Photo CD label',
};

/** Dual: '0' a single label, '1' top only, '2' bottom only, '3' both; 1 to 3 are the two-per-page (Avery 8960) style. */
export const DUAL_VALUES = ['0', '1', '2', '3'] as const;
export type Dual = (typeof DUAL_VALUES)[number];

export const LABEL_SIZES = ['small', 'large'] as const;
export type LabelHoleSize = (typeof LABEL_SIZES)[number];

export interface LabelSettings {
  /** Fine-tune offsets in inches as typed; negative moves left or up. */
  adjTopX: string;
  adjTopY: string;
  adjBottomX: string;
  adjBottomY: string;
  bleed: boolean;
  dvdLabelSize: LabelHoleSize;
  dual: Dual;
  showQrCode: boolean;
  /** The QR code carries the obituary's address instead of the video's (only where section 5 allows it). */
  obituaryQr: boolean;
}

export const LABEL_DEFAULTS: LabelSettings = {
  adjTopX: '0.0',
  adjTopY: '0.0',
  adjBottomX: '0.0',
  adjBottomY: '0.0',
  bleed: true,
  dvdLabelSize: 'small',
  dual: '0',
  showQrCode: true,
  obituaryQr: false,
};

/** An offset larger than this moves a label off the sheet: no printer is that far out of line. */
export const MAX_OFFSET_INCHES = 2;

export const OFFSET_ERROR = `Enter a number of inches from -${MAX_OFFSET_INCHES} to ${MAX_OFFSET_INCHES}, such as 0.05 or -0.1.`;

/** A fine-tune offset typed in inches ('0.0', '-.05', '+0.1'); null when it is not such a number. */
export function parseOffset(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Math.abs(value) <= MAX_OFFSET_INCHES ? value : null;
}

export const isTwoPerPage = (dual: Dual): boolean => dual !== '0';
export const usesTop = (dual: Dual): boolean => dual === '1' || dual === '3';
export const usesBottom = (dual: Dual): boolean => dual === '2' || dual === '3';

/** Section 5: the obituary QR option shows only when the organization enables it and the video has an obituary. */
export const obituaryQrAllowed = (enabled: boolean, obitUrl: string | null | undefined): boolean => enabled && !!obitUrl?.trim();

/** The fine-tune offsets the chosen style uses: none for a single label, only the top or bottom pair for one of two. */
export function offsetsInUse(settings: LabelSettings): ('adjTopX' | 'adjTopY' | 'adjBottomX' | 'adjBottomY')[] {
  if (!isTwoPerPage(settings.dual)) return [];
  return [...(usesTop(settings.dual) ? (['adjTopX', 'adjTopY'] as const) : []), ...(usesBottom(settings.dual) ? (['adjBottomX', 'adjBottomY'] as const) : [])];
}

const QUERY_KEYS = { adjTopX: 'adj_top_x', adjTopY: 'adj_top_y', adjBottomX: 'adj_bottom_x', adjBottomY: 'adj_bottom_y' } as const;

/**
 * The query string of a stationery address (snake_case, as every key on the wire): only the settings the chosen
 * style uses, so an offset left half-typed in a field that is switched off cannot spoil the others.
 */
export function labelQuery(settings: LabelSettings, obituaryAllowed: boolean): string {
  const query = new URLSearchParams({ dual: settings.dual, dvd_label_size: settings.dvdLabelSize, show_qr_code: String(settings.showQrCode) });
  if (isTwoPerPage(settings.dual)) query.set('bleed', String(settings.bleed));
  for (const key of offsetsInUse(settings)) query.set(QUERY_KEYS[key], settings[key].trim());
  if (settings.showQrCode && settings.obituaryQr && obituaryAllowed) query.set('obituary_qr', 'true');
  return query.toString();
}

export const stationeryPath = (product: LabelProduct, videoCode: string, format: LabelFormat): string =>
  `/stationeries/${product}/${encodeURIComponent(videoCode)}.${format}`;
