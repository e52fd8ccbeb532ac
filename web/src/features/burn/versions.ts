import { compareVersions, MIN_NATIVE_VERSION, minExtensionVersion, NATIVE_PRESENT_VERSION, type ExtensionVersion } from '../../../../common/burn-protocol.ts';

/**
 * Spec 3 sections 5 and 9, what the extension's version answer means for Burn DVD and the burn window:
 * - ready: the extension and the helper are new enough;
 * - update: the helper is present (version 1 or more) but older than MIN_NATIVE_VERSION: the window updates it;
 * - no_helper: the helper is not installed (or could not be reached): the install dialog;
 * - old_extension: the extension is older than its browser's minimum: the install dialog.
 */
export type Readiness =
  | { kind: 'ready'; native: number }
  | { kind: 'update'; native: number }
  | { kind: 'no_helper'; reason: string | null }
  | { kind: 'old_extension'; version: string; min: string };

export function readiness(reply: ExtensionVersion): Readiness {
  const min = minExtensionVersion(reply.browser);
  if (compareVersions(reply.extension, min) < 0) return { kind: 'old_extension', version: reply.extension, min };
  const native = reply.native?.version ?? null;
  if (native === null || native < NATIVE_PRESENT_VERSION) return { kind: 'no_helper', reason: reply.native_error };
  if (native < MIN_NATIVE_VERSION) return { kind: 'update', native };
  return { kind: 'ready', native };
}

/** Burn DVD opens the window when the window can go on from here (an old helper is updated by the window). */
export const canOpenWindow = (r: Readiness): boolean => r.kind === 'ready' || r.kind === 'update';
