import type { WireSorCreated, WireSorVideoCount } from '../../../../server/src/wire/sor.ts';
import { getJson, sendForm, sendJson, type Camelized } from '../../api/index.ts';

export type SorCreated = Camelized<WireSorCreated>;

export const fetchSorCount = () => getJson<Camelized<WireSorVideoCount>>('/r/sor/video_count', undefined, { alertErrors: false });

/** Spec 1, section 8: a failed creation only clears the loading state, so no alert here. */
export const createSor = (form: { startDate: string; endDate: string; captionRemoveBackdrop: boolean }) =>
  sendForm<SorCreated>(
    '/r/sor/create',
    { start_date: form.startDate, end_date: form.endDate, caption_remove_backdrop: form.captionRemoveBackdrop ? '1' : '0' },
    { alertErrors: false },
  );

export const dismissSor = () => sendJson<{ success: boolean }>('POST', '/r/sor/dismiss', undefined, { alertErrors: false });
