/**
 * A soft two-tone chime made with WebAudio, so no sound file ships. Browsers let a page start audio only once the
 * person has interacted with it (a click on Finalize counts, as the app never reloads on the way to the details page);
 * before that the bell stays silent rather than raising the browser's autoplay warning.
 */
let context: AudioContext | undefined;

function audioContext(): AudioContext | undefined {
  if (context) return context;
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  if (activation && !activation.hasBeenActive) return undefined;
  const Constructor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Constructor) return undefined;
  context = new Constructor();
  return context;
}

/** A bell-like note: a sine with two quiet inharmonic partials, a quick swell and a long exponential fade. */
function strike(ctx: AudioContext, frequency: number, start: number, seconds: number): void {
  const envelope = ctx.createGain();
  envelope.gain.setValueAtTime(0.0001, start);
  envelope.gain.exponentialRampToValueAtTime(0.16, start + 0.015);
  envelope.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
  envelope.connect(ctx.destination);
  for (const [ratio, level] of [
    [1, 1],
    [2.76, 0.22],
    [5.4, 0.06],
  ]) {
    const partial = ctx.createOscillator();
    partial.type = 'sine';
    partial.frequency.value = frequency * ratio;
    const gain = ctx.createGain();
    gain.gain.value = level;
    partial.connect(gain).connect(envelope);
    partial.start(start);
    partial.stop(start + seconds + 0.05);
  }
}

/** Rings the chime (E5 then C5) if the page may play sound. */
export function playBell(): void {
  const ctx = audioContext();
  if (!ctx) return;
  const ring = () => {
    const now = ctx.currentTime + 0.02;
    strike(ctx, 659.25, now, 1.8);
    strike(ctx, 523.25, now + 0.42, 2.4);
  };
  if (ctx.state === 'running') return ring();
  // A resume the browser holds back would ring at some later click, out of context: give it a moment, then let go.
  const asked = performance.now();
  void ctx.resume().then(() => performance.now() - asked < 1000 && ring(), () => undefined);
}
