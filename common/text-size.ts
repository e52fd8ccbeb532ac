/** A text slide's Text Size: the server refuses a size outside this range, so the pages check it as it is typed. */
export const TEXT_SIZE_MIN = 8;
export const TEXT_SIZE_MAX = 300;
export const TEXT_SIZE_HINT = `Enter a size from ${TEXT_SIZE_MIN} to ${TEXT_SIZE_MAX}.`;

/** The size typed, or null when it is not one the server takes. */
export function textSize(text: string): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n >= TEXT_SIZE_MIN && n <= TEXT_SIZE_MAX ? n : null;
}
