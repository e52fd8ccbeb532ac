/**
 * The admin length override (spec 3 section 5): the switch is offered only when the video is over its
 * organization's limit or already overridden, and never when the video is longer than the maximum override
 * length, since no override could let it render. The server applies the same rule to the toggle call.
 */
export interface OverrideFacts {
  /** Seconds; null before the video was planned. */
  durationSeconds: number | null;
  /** The organization's video length limit, minutes. */
  limitMinutes: number;
  /** The organization's maximum override length, minutes. */
  maxOverrideMinutes: number;
  override: boolean;
}

export const OVERRIDE_CONFIRMATION =
  'This feature is unsupported, and may cause generation problems; even a successful generation may not fit on a DVD. Proceed with caution.';

/** Why the switch may not be used on this video, or null when it may. */
export function overrideRefusal(facts: OverrideFacts): string | null {
  const seconds = facts.durationSeconds ?? 0;
  if (seconds > facts.maxOverrideMinutes * 60) {
    return `The video is longer than the maximum override length of ${facts.maxOverrideMinutes} minutes.`;
  }
  if (!facts.override && seconds <= facts.limitMinutes * 60) {
    return `The video is within its length limit of ${facts.limitMinutes} minutes; it needs no override.`;
  }
  return null;
}

export const overrideOffered = (facts: OverrideFacts): boolean => overrideRefusal(facts) === null;
