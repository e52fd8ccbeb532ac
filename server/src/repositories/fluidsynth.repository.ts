import { existsSync } from 'node:fs';
import { runTool } from './run-tool.ts';

/** Debian's General MIDI sound font (package fluid-soundfont-gm); SOUNDFONT names another. */
export const DEFAULT_SOUNDFONT = '/usr/share/sounds/sf2/FluidR3_GM.sf2';

/** Rendering a four-minute piece takes seconds; a stuck synthesizer must still end. */
const RENDER_TIMEOUT_MS = 10 * 60_000;

/** The only code that runs fluidsynth: MIDI in, a 48 kHz float WAV out. */
export function fluidsynthRepository(soundFont = process.env.SOUNDFONT || DEFAULT_SOUNDFONT) {
  return {
    soundFont,
    available: (): boolean => existsSync(soundFont),
    async renderWav(midiPath: string, wavPath: string): Promise<void> {
      // -n: no MIDI input driver, -i: no shell, -F: render the file as fast as possible instead of playing it.
      await runTool('fluidsynth', ['-ni', '-q', '-O', 'float', '-F', wavPath, '-r', '48000', soundFont, midiPath], RENDER_TIMEOUT_MS);
    },
  };
}

export type FluidsynthRepository = ReturnType<typeof fluidsynthRepository>;
