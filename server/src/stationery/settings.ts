import { DUAL_VALUES, LABEL_DEFAULTS, LABEL_SIZES, OFFSET_ERROR, parseOffset, type Dual, type LabelHoleSize, type LabelSettings } from '../../../common/label-settings.ts';
import { AppError } from '../http/errors.ts';

type Query = Record<string, string | string[] | undefined>;

const KNOWN = new Set(['adj_top_x', 'adj_top_y', 'adj_bottom_x', 'adj_bottom_y', 'bleed', 'dvd_label_size', 'dual', 'show_qr_code', 'obituary_qr']);

const bad = (message: string): never => {
  throw new AppError(400, message);
};

function single(query: Query, key: string): string | undefined {
  const value = query[key];
  if (Array.isArray(value)) return bad(`${key} is given more than once.`);
  return value;
}

function offset(query: Query, key: string, fallback: string): string {
  const value = single(query, key);
  if (value === undefined) return fallback;
  if (parseOffset(value) === null) return bad(`${key}: ${OFFSET_ERROR}`);
  return value.trim();
}

function flag(query: Query, key: string, fallback: boolean): boolean {
  const value = single(query, key);
  if (value === undefined) return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return bad(`${key} must be true or false.`);
}

function choice<T extends string>(query: Query, key: string, allowed: readonly T[], fallback: T): T {
  const value = single(query, key);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) return bad(`${key} must be one of: ${allowed.join(', ')}.`);
  return value as T;
}

/**
 * The settings of spec 3 section 3.4 from a stationery address's query (snake_case), each one checked: a value
 * that is not one of the allowed ones is a 400 naming it; a setting left out takes its default.
 */
export function parseLabelQuery(query: Query): LabelSettings {
  const unknown = Object.keys(query).find((key) => !KNOWN.has(key));
  if (unknown) bad(`${unknown} is not a label setting.`);
  return {
    adjTopX: offset(query, 'adj_top_x', LABEL_DEFAULTS.adjTopX),
    adjTopY: offset(query, 'adj_top_y', LABEL_DEFAULTS.adjTopY),
    adjBottomX: offset(query, 'adj_bottom_x', LABEL_DEFAULTS.adjBottomX),
    adjBottomY: offset(query, 'adj_bottom_y', LABEL_DEFAULTS.adjBottomY),
    bleed: flag(query, 'bleed', LABEL_DEFAULTS.bleed),
    dvdLabelSize: choice<LabelHoleSize>(query, 'dvd_label_size', LABEL_SIZES, LABEL_DEFAULTS.dvdLabelSize),
    dual: choice<Dual>(query, 'dual', DUAL_VALUES, LABEL_DEFAULTS.dual),
    showQrCode: flag(query, 'show_qr_code', LABEL_DEFAULTS.showQrCode),
    obituaryQr: flag(query, 'obituary_qr', LABEL_DEFAULTS.obituaryQr),
  };
}
