/** Pure rules of the details page (spec 3 sections 6 and 9). */

export interface EditFacts {
  dvdPath: string | null;
  dateInQueue: string | null;
  deleted: boolean;
}

/** Edit shows when the video has a DVD path, or to admins when it is in the queue; never when deleted. */
export const canEdit = (video: EditFacts, admin: boolean): boolean => !video.deleted && (Boolean(video.dvdPath) || (admin && video.dateInQueue !== null));

/** View is hidden when the video is deleted. */
export const canView = (video: Pick<EditFacts, 'deleted'>): boolean => !video.deleted;

/** Spec 3 section 9: sizes in MB with 2 decimals. */
export const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

/** The label of the billing id row: the organization's own prompt when it has one. */
export const billingLabel = (prompt: string | null): string => prompt?.trim() || 'Billing ID';

/** A custom theme is named by its own title; otherwise the theme's. */
export const themeName = (video: { themeTitle: string | null; customThemeTitle: string | null }): string =>
  video.customThemeTitle || video.themeTitle || 'No theme';

/** Spec 3 section 6: the organization's branding gates Order Hard Copies, Send to TV, the burn tool and Burning Help. */
export const branded = (video: { creator: { organization: { showBranding: boolean } } }): boolean => video.creator.organization.showBranding;

/** Send to TV advertises Direct Delivery: to others only while the video has no devices, to admins always. */
export const canSendToTv = (silkCount: number, admin: boolean): boolean => admin || silkCount === 0;

/** Device labels in order: case ignored, numbers by value (Chapel 2 before Chapel 10). */
export const compareLabels = (a: string, b: string): number => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/** The card's Direct Delivery row: the devices the video is delivered to, by label. */
export const directDeliveryText = (silks: { label: string }[]): string =>
  silks.length === 0 ? 'None' : silks.map((silk) => silk.label).sort(compareLabels).join(', ');
