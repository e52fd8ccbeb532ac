/**
 * A bench's numeric option: `--name=value`, or the bare number at `position` among the bare arguments, or
 * `fallback`. Anything but a positive number stops the bench with a sentence.
 */
export function option(name: string, position: number, fallback: number): number {
  const flag = process.argv.find((a) => a.startsWith(`--${name}=`));
  const bare = process.argv.slice(2).filter((a) => !a.startsWith('--'))[position];
  const value = Number(flag ? flag.slice(name.length + 3) : bare ?? fallback);
  if (!(value > 0)) throw new Error(`--${name} must be a positive number, not ${flag ?? bare}`);
  return value;
}
