/** Signed-in staff agree to the stock music licence when the video uses stock songs; families never see it. */
export const licenceRequired = (signedIn: boolean, link: boolean, usesStock: boolean): boolean => signedIn && !link && usesStock;

/** A redirect the app can follow itself: a path on this site (not `//host`, which leaves it). */
export const isAppPath = (target: string): boolean => target.startsWith('/') && !target.startsWith('//');
