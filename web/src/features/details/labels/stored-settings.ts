import { DUAL_VALUES, LABEL_DEFAULTS, LABEL_SIZES, type LabelSettings } from '../../../../../common/label-settings.ts';

/** Spec 3 section 3.4: where the label settings are remembered. */
export const LABELS_STORAGE_KEY = 'videos.labels';

const OFFSETS = ['adjTopX', 'adjTopY', 'adjBottomX', 'adjBottomY'] as const;
const FLAGS = ['bleed', 'showQrCode', 'obituaryQr'] as const;

/**
 * The settings as stored (JSON), each field checked on its own: one that is missing or of the wrong kind (an older
 * version, a hand edit) takes its default and the rest are kept. An offset is kept as typed, even when it is not a
 * number yet, so the field shows what the user left in it.
 */
export function parseStoredLabels(stored: string | null): LabelSettings {
  let raw: unknown;
  try {
    raw = stored === null ? null : JSON.parse(stored);
  } catch {
    raw = null;
  }
  const saved = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const settings: LabelSettings = { ...LABEL_DEFAULTS };
  for (const key of OFFSETS) if (typeof saved[key] === 'string' && saved[key].length <= 20) settings[key] = saved[key];
  for (const key of FLAGS) if (typeof saved[key] === 'boolean') settings[key] = saved[key];
  if ((DUAL_VALUES as readonly unknown[]).includes(saved.dual)) settings.dual = saved.dual as LabelSettings['dual'];
  if ((LABEL_SIZES as readonly unknown[]).includes(saved.dvdLabelSize)) settings.dvdLabelSize = saved.dvdLabelSize as LabelSettings['dvdLabelSize'];
  return settings;
}

export const formatStoredLabels = (settings: LabelSettings): string => JSON.stringify(settings);
