import type { LabelSettings } from '../../../../../common/label-settings.ts';
import { useStoredValue } from '../../videos/useStoredValue.ts';
import { formatStoredLabels, LABELS_STORAGE_KEY, parseStoredLabels } from './stored-settings.ts';

/** The Print Labels settings, the same for every video and remembered in localStorage under videos.labels. */
export function useLabelSettings(): [LabelSettings, (next: LabelSettings) => void] {
  return useStoredValue(LABELS_STORAGE_KEY, parseStoredLabels, formatStoredLabels);
}
