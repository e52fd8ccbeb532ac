/**
 * The burn protocol (spec 3 sections 3.3, 4.5 to 4.7 and 9), written once and imported by the web app, the server,
 * the extension and the native helper. Three hops carry the same frames:
 *
 *   page (details page, burn window) --window.postMessage--> extension content script --runtime port--> extension
 *   background --native messaging (4-byte native-endian length + UTF-8 JSON)--> native helper
 *
 * Every frame carries an id chosen by the sender of the request; every reply names that id and says whether it is
 * the last one for the request (burn and update_start stream progress before their final reply). Every boundary
 * validates what it receives with parseRequestFrame / parseReplyFrame: a malformed frame gets a typed error reply,
 * never a crash. native-host/PROTOCOL.md explains it for people.
 *
 * PROTOCOL_VERSION changes only when a message changes shape incompatibly. ERROR_CODES are append-only: never
 * renumber or reuse one.
 */

export const PROTOCOL_VERSION = 1;

/** Marks our frames among everything else that travels through window.postMessage. */
export const BURN_CHANNEL = 'tribute-burn';

/** The native messaging host name registered by the installers (lowercase, digits, dots and underscores only). */
export const NATIVE_HOST_NAME = 'com.tribute.dvd_burner';

/*
 * The Chrome and Edge extension id is each installation's own: it follows from the key that installation signs its
 * .crx with (extension/chrome-key.ts), and the build gives it to the unpacked manifest ("key") and every host manifest.
 */
/** The Firefox extension id (browser_specific_settings.gecko.id). */
export const FIREFOX_EXTENSION_ID = 'dvd-burner@tribute-videos.com';

/** Spec 3 sections 5 and 9: the lowest versions the burn window works with. */
export const MIN_NATIVE_VERSION = 7;
export const MIN_CHROME_EXTENSION_VERSION = '1.6';
export const MIN_FIREFOX_EXTENSION_VERSION = '1.7';
/** A native app counts as present at version 1 or more. */
export const NATIVE_PRESENT_VERSION = 1;

/** Spec 3 section 9, every timing of the burn flow in milliseconds. */
export const BURN_TIMINGS = {
  finalizePollMs: 3000,
  finalizeRetryMs: 15000,
  burnBarTickMs: 250,
  downloadPollMs: 250,
  burnerRecheckMs: 2000,
  nativeVersionCheckMs: 2000,
  /** Extension detection: every 100 ms for the first 10 tries, then every 2000 ms. */
  detectFastMs: 100,
  detectFastTries: 10,
  detectSlowMs: 2000,
} as const;

/** Spec 3 section 4.2: the burn bar's write share and finalize share, and where the finalize estimate holds. */
export const BURN_BAR = { writeShare: 0.7, finalizeShare: 0.3, holdBelow: 0.95 } as const;
/** Spec 3 section 9: estimates use a sliding window of at most this many samples. */
export const ESTIMATE_WINDOW_SAMPLES = 80;
/** Spec 3 section 9: the burn window's size. */
export const BURN_WINDOW_SIZE = { width: 700, height: 440 } as const;

/** The most a message to the helper may hold (the largest real one is a download_start of a few hundred bytes). */
export const MAX_REQUEST_BYTES = 64 * 1024;
/** Chrome and Firefox refuse a message from a native host larger than 1 MB. */
export const MAX_REPLY_BYTES = 1024 * 1024;

/** Spec 3 section 4.5, the burner codes the helper reports as hr_hex (HRESULTs of IMAPI2, kept on every system). */
export const BURNER_CODES = {
  ok: '0x0',
  noBurner: '0x8201000a',
  noMedia: '0x8201000b',
  noBlankMedia: '0x8201000c',
  becomingReady: '0xc0aa0205',
  recorderNotSupported: '0xc0aa0407',
} as const;
export type BurnerCode = (typeof BURNER_CODES)[keyof typeof BURNER_CODES];
const BURNER_CODE_VALUES: readonly string[] = Object.values(BURNER_CODES);

export const MEDIA_TYPES = ['DVD-R', 'DVD+R', 'DVD-RW', 'DVD+RW', 'DVD-RAM', 'DVD-R DL', 'DVD+R DL', 'CD-R', 'CD-RW', 'BD-R', 'BD-RE', 'none', 'unknown'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Append-only: a code keeps its number and meaning forever. */
export const ERROR_CODES = {
  malformed: 1,
  unknownType: 2,
  tooLarge: 3,
  /** The extension could not reach the native helper (not installed, crashed, or exited). */
  nativeUnavailable: 4,
  /** A download URL whose server or path the helper's configuration does not allow. */
  notAllowed: 5,
  downloadNotFound: 6,
  downloadFailed: 7,
  checksumMismatch: 8,
  burnFailed: 9,
  verifyFailed: 10,
  updateFailed: 11,
  /** A page of another origin tried to talk to the extension. */
  originRefused: 12,
  /** A burn was asked for while another burn runs. */
  busy: 13,
  protocolMismatch: 14,
  internal: 15,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
const ERROR_CODE_VALUES: readonly number[] = Object.values(ERROR_CODES);

export type HelperPlatform = 'linux-x64' | 'win-x64' | 'darwin-x64';
export const HELPER_PLATFORMS: readonly HelperPlatform[] = ['linux-x64', 'win-x64', 'darwin-x64'];
export type ExtensionBrowser = 'chrome' | 'firefox';

/** Spec 3 section 3.3: a download item's states. not_started and in_progress keep the window polling. */
export const DOWNLOAD_STATES = ['not_started', 'in_progress', 'canceled', 'error', 'complete'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** The stages a burn reports, in order; the web window turns them into the texts of spec 3 section 4.2. */
export const BURN_STAGES = ['initializing', 'loading', 'writing', 'finalizing', 'verifying'] as const;
export type BurnStage = (typeof BURN_STAGES)[number];

// ---------------------------------------------------------------------------------------------------- requests

/** Spec 3 section 4.7: every message the page sends. open_window is answered by the extension itself. */
export type BurnRequest =
  | { type: 'version' }
  | { type: 'update_start' }
  /** url must be one of the urls POST /downloads/iso answered; the helper checks it against its own server list. */
  | { type: 'download_start'; url: string; sha256: string; size: number }
  | { type: 'download_poll'; download_id: string }
  | { type: 'download_cancel'; download_id: string }
  | { type: 'burner_checks' }
  /** filename is the name download_poll answered on completion: a name inside the helper's own folder. */
  | { type: 'burn'; filename: string; burner_index: number }
  /** Opens the burn window for a video; auto starts finalize at once (the order page's auto-burn). */
  | { type: 'open_window'; video_id: number; auto: boolean };

export type BurnRequestType = BurnRequest['type'];

// ----------------------------------------------------------------------------------------------------- replies

/** The helper's answer to version. */
export interface NativeVersion {
  type: 'version';
  version: number;
  protocol: number;
  platform: HelperPlatform;
  /** Which burner the helper is configured with: 'system' or 'virtual'. */
  burner: 'system' | 'virtual';
}

/** The extension's answer to version: its own version, and the helper's when it could reach it. */
export interface ExtensionVersion {
  type: 'extension_version';
  extension: string;
  browser: ExtensionBrowser;
  protocol: number;
  native: NativeVersion | null;
  /** Why the helper could not be reached, when native is null. */
  native_error: string | null;
}

export interface DownloadStatus {
  type: 'download_status';
  download_id: string;
  state: DownloadState;
  received: number;
  total: number;
  error: string | null;
  /** Set when state is complete: pass it to burn. */
  filename: string | null;
}

/** Spec 3 section 3.3, the burner check and the current burns. */
export interface BurnerCheck {
  type: 'burner_checks';
  hr_hex: BurnerCode;
  media_type: MediaType;
  burner_index: number;
  /** The helper's own words for no media and blank media (spec 3 section 8), else null. */
  error_message: string | null;
  /** A burn is running on this computer. */
  burning: boolean;
  /** That burn belongs to this connection. */
  own_port_id: boolean;
}

export interface BurnProgress {
  type: 'burn_progress';
  stage: BurnStage;
  /** Of the write while writing, of the read-back while verifying; 0 otherwise. */
  percent: number;
}

export type BurnReply =
  | NativeVersion
  | ExtensionVersion
  | { type: 'update_progress'; percent: number }
  | { type: 'update_finish'; version: number }
  | { type: 'update_error'; message: string }
  | { type: 'download_started'; download_id: string }
  | DownloadStatus
  | { type: 'download_canceled'; download_id: string }
  | BurnerCheck
  | BurnProgress
  /** The disc was written and read back: its SHA-256 equals the ISO's. */
  | { type: 'burn_complete'; sha256: string }
  | { type: 'burn_error'; stage: 'burn' | 'verify'; message: string; hr_hex: string }
  | { type: 'window_opened' }
  | { type: 'error'; code: ErrorCode; message: string };

export type BurnReplyType = BurnReply['type'];

// ------------------------------------------------------------------------------------------------------ frames

/** A request as it travels on every hop. */
export interface RequestFrame {
  channel: typeof BURN_CHANNEL;
  id: number;
  request: BurnRequest;
}

/** A reply: final is false on progress replies (burn_progress, update_progress), true on the last one. */
export interface ReplyFrame {
  channel: typeof BURN_CHANNEL;
  id: number;
  final: boolean;
  reply: BurnReply;
}

export const requestFrame = (id: number, request: BurnRequest): RequestFrame => ({ channel: BURN_CHANNEL, id, request });
export const replyFrame = (id: number, reply: BurnReply, final = true): ReplyFrame => ({ channel: BURN_CHANNEL, id, final, reply });
export const errorReply = (code: ErrorCode, message: string): BurnReply => ({ type: 'error', code, message });

// -------------------------------------------------------------------------------------------------- validation

export type Parsed<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; message: string; id: number | null };

type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'sha256' | 'url' | 'name' | 'nullable-string' | readonly string[] | readonly number[];
type Shape = Record<string, FieldKind>;

const MAX_STRING = 8192;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
const SHA256 = /^[0-9a-f]{64}$/;

const REQUEST_SHAPES: Record<BurnRequestType, Shape> = {
  version: {},
  update_start: {},
  download_start: { url: 'url', sha256: 'sha256', size: 'integer' },
  download_poll: { download_id: 'name' },
  download_cancel: { download_id: 'name' },
  burner_checks: {},
  burn: { filename: 'name', burner_index: 'integer' },
  open_window: { video_id: 'integer', auto: 'boolean' },
};

const NATIVE_VERSION_SHAPE: Shape = { version: 'integer', protocol: 'integer', platform: HELPER_PLATFORMS, burner: ['system', 'virtual'] };

const REPLY_SHAPES: Record<BurnReplyType, Shape> = {
  version: NATIVE_VERSION_SHAPE,
  extension_version: { extension: 'string', browser: ['chrome', 'firefox'], protocol: 'integer', native_error: 'nullable-string' },
  update_progress: { percent: 'number' },
  update_finish: { version: 'integer' },
  update_error: { message: 'string' },
  download_started: { download_id: 'name' },
  download_status: { download_id: 'name', state: DOWNLOAD_STATES, received: 'integer', total: 'integer', error: 'nullable-string', filename: 'nullable-string' },
  download_canceled: { download_id: 'name' },
  burner_checks: { hr_hex: BURNER_CODE_VALUES, media_type: MEDIA_TYPES, burner_index: 'integer', error_message: 'nullable-string', burning: 'boolean', own_port_id: 'boolean' },
  burn_progress: { stage: BURN_STAGES, percent: 'number' },
  burn_complete: { sha256: 'sha256' },
  burn_error: { stage: ['burn', 'verify'], message: 'string', hr_hex: 'string' },
  window_opened: {},
  error: { code: ERROR_CODE_VALUES, message: 'string' },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why value does not fit kind, or null when it does. */
function fieldProblem(value: unknown, kind: FieldKind): string | null {
  if (Array.isArray(kind)) return (kind as readonly unknown[]).includes(value) ? null : `must be one of ${kind.join(', ')}`;
  switch (kind) {
    case 'string':
      return typeof value === 'string' && value.length <= MAX_STRING ? null : 'must be a string';
    case 'nullable-string':
      return value === null || (typeof value === 'string' && value.length <= MAX_STRING) ? null : 'must be a string or null';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'integer':
      return Number.isSafeInteger(value) && (value as number) >= 0 ? null : 'must be a whole number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'sha256':
      return typeof value === 'string' && SHA256.test(value) ? null : 'must be a SHA-256 in lowercase hex';
    case 'name':
      return typeof value === 'string' && NAME.test(value) ? null : 'must be a plain name';
    case 'url':
      if (typeof value !== 'string' || value.length > 2048) return 'must be an http(s) URL';
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol) ? null : 'must be an http(s) URL';
      } catch {
        return 'must be an http(s) URL';
      }
  }
  return 'has an unknown kind';
}

function parseBody<T extends { type: string }>(body: unknown, shapes: Record<string, Shape>, what: string, id: number): Parsed<T> {
  if (!isRecord(body) || typeof body.type !== 'string') return { ok: false, code: ERROR_CODES.malformed, message: `The ${what} has no type.`, id };
  const shape = Object.prototype.hasOwnProperty.call(shapes, body.type) ? shapes[body.type] : undefined;
  if (!shape) return { ok: false, code: ERROR_CODES.unknownType, message: `Unknown ${what} type: ${body.type.slice(0, 60)}.`, id };
  for (const [field, kind] of Object.entries(shape)) {
    const problem = fieldProblem(body[field], kind);
    if (problem) return { ok: false, code: ERROR_CODES.malformed, message: `${body.type}: ${field} ${problem}.`, id };
  }
  if (body.type === 'extension_version' && body.native !== null) {
    const native = parseBody<NativeVersion>(body.native, { version: NATIVE_VERSION_SHAPE }, 'native version', id);
    if (!native.ok) return native;
  }
  // Keep only the fields the shape names, so nothing unexpected travels further.
  const value: Record<string, unknown> = { type: body.type };
  for (const field of Object.keys(shape)) value[field] = body[field];
  if (body.type === 'extension_version') value.native = body.native;
  return { ok: true, value: value as unknown as T };
}

function frameId(frame: unknown): number | null {
  return isRecord(frame) && Number.isSafeInteger(frame.id) && (frame.id as number) >= 0 ? (frame.id as number) : null;
}

/** Validates a request frame from any hop. A frame that is not ours at all (another channel) is malformed too. */
export function parseRequestFrame(frame: unknown): Parsed<RequestFrame> {
  const id = frameId(frame);
  if (!isRecord(frame) || frame.channel !== BURN_CHANNEL || id === null) {
    return { ok: false, code: ERROR_CODES.malformed, message: 'Not a burn request frame.', id };
  }
  const body = parseBody<BurnRequest>(frame.request, REQUEST_SHAPES, 'request', id);
  return body.ok ? { ok: true, value: requestFrame(id, body.value) } : body;
}

/** Validates a reply frame from any hop. */
export function parseReplyFrame(frame: unknown): Parsed<ReplyFrame> {
  const id = frameId(frame);
  if (!isRecord(frame) || frame.channel !== BURN_CHANNEL || id === null || typeof frame.final !== 'boolean') {
    return { ok: false, code: ERROR_CODES.malformed, message: 'Not a burn reply frame.', id };
  }
  const body = parseBody<BurnReply>(frame.reply, REPLY_SHAPES, 'reply', id);
  return body.ok ? { ok: true, value: replyFrame(id, body.value, frame.final) } : body;
}

/** The error reply frame for a request that failed validation. */
export const refusal = (parsed: Extract<Parsed<unknown>, { ok: false }>): ReplyFrame =>
  replyFrame(parsed.id ?? 0, errorReply(parsed.code, parsed.message));

// ---------------------------------------------------------------------------------------------------- versions

/** Compares dotted versions numerically ('1.10' > '1.9'); a missing part counts as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const pb = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export const minExtensionVersion = (browser: ExtensionBrowser): string =>
  browser === 'firefox' ? MIN_FIREFOX_EXTENSION_VERSION : MIN_CHROME_EXTENSION_VERSION;
