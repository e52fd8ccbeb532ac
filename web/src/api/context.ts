/**
 * Per-page facts every call carries: the family upload-link hash (CONVENTIONS: `security_hash` on every call made
 * from a link page) and this tab's live-sync socket id (so the server can tell other editors, not us, of a change).
 */
let securityHash: string | undefined;
let liveSocketId: string | undefined;

export function setSecurityHash(hash: string | undefined): void {
  securityHash = hash || undefined;
}

export const getSecurityHash = (): string | undefined => securityHash;

export function setLiveSocketId(id: string | undefined): void {
  liveSocketId = id;
}

export const getLiveSocketId = (): string | undefined => liveSocketId;

export const LIVE_SOCKET_HEADER = 'X-Live-Socket';
