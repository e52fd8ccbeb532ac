/**
 * TLS is required wherever the burn path fetches or trusts an address (issue 33): the server's PUBLIC_URL (the
 * origin the extension trusts and the helper downloads and updates from), the download mirrors
 * (DOWNLOAD_ALTERNATES), the helper's servers and update server, and the per-user install script's --server. Over
 * plain http a network observer reads the disc image and its ticket and a man in the middle chooses what is
 * burned or installed. Loopback addresses stay allowed (nothing leaves the computer; the tests use 127.0.0.1).
 * One explicit setting, ALLOW_PLAIN_HTTP=1 (config.json allowPlainHttp, the script's --allow-plain-http), lets an
 * installation without a certificate use http on its private network; everything that reads it warns at every
 * start, and the install dialog says so.
 */

/** The environment variable (server, build) that allows plain http beyond loopback. */
export const ALLOW_PLAIN_HTTP_ENV = 'ALLOW_PLAIN_HTTP';

/** What every start says while plain http is allowed. */
export const PLAIN_HTTP_WARNING =
  'WARNING: ALLOW_PLAIN_HTTP is set, so the DVD burning tool accepts plain http addresses. Anyone on the network can read the disc images and their download tickets and change what is burned or installed. Use it only on a private network you trust, and switch to https as soon as you can.';

/** What the install dialog says while plain http is allowed, in a staff member's words. */
export const PLAIN_HTTP_DIALOG_WARNING =
  'This site is set up to let the DVD burning tool download over plain http, without encryption. Anyone on your network could see the disc images as they download, or change what is burned or installed. Install and burn only on your own trusted network, and ask your administrator to switch the site to https.';

export const plainHttpAllowed = (env: NodeJS.ProcessEnv | Record<string, string | undefined>): boolean => /^(1|true|yes)$/i.test(env[ALLOW_PLAIN_HTTP_ENV] ?? '');

/** A host that never leaves this computer: 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Why an address may not be used, naming the setting it came from, or null when it may: https, http on a
 * loopback address, or any http when allowPlainHttp.
 */
export function insecureUrlProblem(url: string, setting: string, allowPlainHttp = false): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${setting} "${url}" is not a URL.`;
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol !== 'http:') return `${setting} "${url}" must be an https address.`;
  if (allowPlainHttp || isLoopbackHost(parsed.hostname)) return null;
  return `${setting} "${url}" is plain http: the DVD burning tool requires https (http only on this computer's own 127.0.0.1). Use an https address, or set ${ALLOW_PLAIN_HTTP_ENV}=1 for an installation on a private network without a certificate.`;
}

/** Throws insecureUrlProblem's message when there is one. */
export function requireSecureUrl(url: string, setting: string, allowPlainHttp = false): void {
  const problem = insecureUrlProblem(url, setting, allowPlainHttp);
  if (problem) throw new Error(problem);
}
