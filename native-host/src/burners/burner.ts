/**
 * What every burner offers the helper: a check of the drive and disc (spec 3 section 4.5), a write of an image,
 * and a read-back for verification. The system burners (Linux, Windows, macOS) and the file-backed virtual one the
 * tests use all fit it.
 */
import type { BurnerCode, BurnStage, MediaType } from '../../../common/burn-protocol.ts';

export interface BurnerState {
  hr_hex: BurnerCode;
  media_type: MediaType;
  /** The helper's words for no media, a disc that is not blank (spec 3 section 8) and a drive that cannot write DVDs. */
  error_message: string | null;
  /** Another program (or another helper) is writing to this drive. */
  busy: boolean;
}

export type ProgressFn = (stage: BurnStage, percent: number) => void;

export interface Burner {
  check(index: number): Promise<BurnerState>;
  /** Writes the image; reports loading and writing (percent of the write) and finalizing. Throws BurnFailure. */
  write(index: number, iso: string, size: number, progress: ProgressFn, signal: AbortSignal): Promise<void>;
  /** The disc's first size bytes, for verification. */
  readBack(index: number, size: number): Promise<NodeJS.ReadableStream>;
}

/** A burn that failed, with the code the system gave (an HRESULT on Windows, 0x0 when there is none). */
export class BurnFailure extends Error {
  constructor(
    message: string,
    readonly hr_hex: string = '0x0',
  ) {
    super(message);
  }
}

/** The helper's own words (spec 3 section 8: "No media and blank media messages come from the helper"). */
export const BURNER_MESSAGES = {
  noMedia: 'No disc in the burner. Please insert a blank DVD-R disc.',
  noBlankMedia: 'The disc in the burner is not blank. Please insert a blank DVD-R disc.',
  /** Not a spec text: without it the window could only blame the disc, when the drive is what cannot write DVDs. */
  recorderNotSupported: 'This drive cannot write DVDs. Please use a DVD burner.',
} as const;

/** The media a burn accepts (the window prefers DVD-R and advises on DVD+R; the helper refuses anything else too). */
export const BURNABLE_MEDIA: readonly MediaType[] = ['DVD-R', 'DVD+R'];
