import { PLAYER_BAR_PX } from '../../../common/embedded-player.ts';
import { hashSource } from '../http/content-security-policy.ts';

/**
 * The embedded player page /videos/embedded_video/{videoCode} as plain HTML: other sites put it in an iframe, so it
 * is not the app (its styles are one <style> element, its one script a small file of this site's that reports a
 * play for the view count) and stays small.
 */

export type PlayerPage =
  | { kind: 'player'; videoId: number; title: string; videoUrl: string; posterUrl: string | null; buyUrl: string | null; viewUrl: string }
  | { kind: 'hidden'; title: string }
  | { kind: 'not_ready'; title: string }
  | { kind: 'missing' };

export { PLAYER_BAR_PX };

export const PLAYER_TEXTS = {
  hidden: 'This video has been hidden by its owner and cannot be played here.',
  notReady: 'This video is still being made. Please come back a little later.',
  missing: 'This video could not be found. The link may be mistyped, or the video may have been removed.',
  buy: 'Buy a DVD',
} as const;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;height:100%;background:#000;color:#f4f1ec;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{display:flex;flex-direction:column}
.stage{flex:1;min-height:0;display:flex;align-items:center;justify-content:center}
video{display:block;width:100%;height:100%;max-height:100%;aspect-ratio:16/9;object-fit:contain;background:#000}
.bar{height:${PLAYER_BAR_PX}px;flex:none;display:flex;align-items:center;gap:12px;padding:0 12px;background:#1b1b1b}
h1{margin:0;flex:1;min-width:0;font-size:15px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
a.buy{flex:none;color:#1b1b1b;background:#f2c46d;border-radius:4px;padding:4px 10px;font-weight:600;text-decoration:none}
a.buy:hover,a.buy:focus-visible{background:#ffd98f}
a.buy:focus-visible{outline:2px solid #fff;outline-offset:2px}
.notice{margin:0;padding:24px;max-width:36em;text-align:center;font-size:17px}
`;

/** Where the player page's script is served (routes/video-views.routes.ts). */
export const PLAYER_SCRIPT_PATH = '/videos/embedded_player.js';

/**
 * Reports the first play of the page's video to its data-view-url (the view count, once per viewer and day on the
 * server). A beacon survives the page being closed right after; fetch is the fallback where beacons are refused.
 */
export const PLAYER_SCRIPT = `(function () {
  var video = document.querySelector('video[data-view-url]');
  if (!video) return;
  var counted = false;
  video.addEventListener('play', function () {
    if (counted) return;
    counted = true;
    var url = video.getAttribute('data-view-url');
    if (navigator.sendBeacon && navigator.sendBeacon(url)) return;
    fetch(url, { method: 'POST', keepalive: true }).catch(function () {});
  });
})();
`;

/** The page's Content-Security-Policy: its own media, images and script, its one style element (by its hash), and any site may frame it. */
export const PLAYER_CSP = [
  "default-src 'none'",
  "media-src 'self'",
  "img-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  `style-src ${hashSource(STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

function documentOf(title: string, stage: string, bar: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="stage">${stage}</main>
${bar}${script}
</body>
</html>
`;
}

const titleBar = (title: string, buyUrl: string | null): string =>
  `<div class="bar"><h1>${escapeHtml(title)}</h1>${
    buyUrl ? `<a class="buy" href="${escapeHtml(buyUrl)}" target="_blank" rel="noopener">${PLAYER_TEXTS.buy}</a>` : ''
  }</div>`;

const shownTitle = (title: string): string => title.trim() || 'Tribute video';

/** The page's HTML and its status: a missing video answers 404 with a page that says so. */
export function renderPlayerPage(page: PlayerPage): { status: number; html: string } {
  if (page.kind === 'missing') {
    return { status: 404, html: documentOf('Video not found', `<p class="notice">${PLAYER_TEXTS.missing}</p>`, '') };
  }
  const title = shownTitle(page.title);
  if (page.kind === 'hidden') return { status: 200, html: documentOf(title, `<p class="notice">${PLAYER_TEXTS.hidden}</p>`, titleBar(title, null)) };
  if (page.kind === 'not_ready') return { status: 200, html: documentOf(title, `<p class="notice">${PLAYER_TEXTS.notReady}</p>`, titleBar(title, null)) };
  const poster = page.posterUrl ? ` poster="${escapeHtml(page.posterUrl)}"` : '';
  const video = `<video controls playsinline preload="metadata"${poster} src="${escapeHtml(page.videoUrl)}" data-view-url="${escapeHtml(page.viewUrl)}" aria-label="${escapeHtml(title)}"></video>`;
  return { status: 200, html: documentOf(title, video, titleBar(title, page.buyUrl), `\n<script src="${PLAYER_SCRIPT_PATH}" defer></script>`) };
}
