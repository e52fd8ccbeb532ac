/**
 * The install guide's pictures of Developer mode in Chrome (scripts/screenshots/developer-mode.ts makes them from
 * Chromium's real chrome://extensions page into web/public/, which the server serves under /assets/). One table for
 * the script that writes them and the guide that shows them.
 */
export const DEVELOPER_MODE_PICTURES = {
  switch: { file: 'burn-setup/chrome-developer-mode.png', alt: 'The Extensions page with the Developer mode switch outlined at its top right' },
  loadUnpacked: { file: 'burn-setup/chrome-load-unpacked.png', alt: 'Developer mode turned on: the Load unpacked button outlined at the top left' },
  added: { file: 'burn-setup/chrome-extension-added.png', alt: 'The Tribute DVD Burner extension in the list of extensions, switched on' },
} as const;

export const pictureUrl = (file: string): string => `/assets/${file}`;
