import { compareLabels } from '../rules.ts';

/** Spec 1 section 6: Direct Delivery polling 2000 ms. */
export const SILK_POLL_MS = 2000;

/**
 * Spec 1 section 2.13: the list is polled only while it is seen (one device, or two or more and expanded) and not while
 * a toggle is on its way, whose own re-check follows it. 0 turns SWR's interval off.
 */
export const silkPollMs = (count: number, expanded: boolean, toggling: boolean): number =>
  !toggling && (count === 1 || (count >= 2 && expanded)) ? SILK_POLL_MS : 0;

/** 0 devices: nothing; 1: the list itself; 2 or more: under a collapsible 'Direct Delivery' header. */
export const silkLayout = (count: number): 'none' | 'list' | 'collapsible' => (count === 0 ? 'none' : count === 1 ? 'list' : 'collapsible');

/** By label, ignoring case, with numbers in order (Chapel 2 before Chapel 10). */
export const sortSilks = <T extends { label: string }>(silks: readonly T[]): T[] => [...silks].sort((a, b) => compareLabels(a.label, b.label));

/** What the row says of the device's copy: the description, with the percent while downloading. */
export function silkStatusText(silk: { checked: boolean; pending: boolean; status: { description: string; percent: number | null } }): string {
  if (silk.pending) return 'Saving…';
  if (!silk.checked) return 'Off';
  const { description, percent } = silk.status;
  return description === 'Downloading' && percent !== null ? `Downloading ${Math.floor(percent)}%` : description || 'Queued';
}
