/**
 * What one helper process holds while a browser connection lasts: its configuration, its downloads, its burner
 * and whether it is burning. Built once by main.ts and handed to every action.
 */
import type { BurnerCheck, ReplyFrame } from '../../common/burn-protocol.ts';
import { ProcessLock } from './process-lock.ts';
import type { Burner } from './burners/burner.ts';
import { createBurner } from './burners/index.ts';
import { loadConfig, type ConfigResult, type HelperConfig } from './config.ts';
import { Downloader, DEFAULT_DOWNLOADER_OPTIONS, type DownloaderOptions } from './downloader.ts';

export interface Ready {
  config: HelperConfig;
  downloader: Downloader;
  burner: Burner;
  /** burn.lock in the download folder: held while this process burns. */
  lock: ProcessLock;
}

export class Session {
  readonly configResult: ConfigResult;
  readonly ready: Ready | null;
  /** The burn this process runs, if any (own_port_id). */
  burning = false;
  /** The media of the last check, reported while this process burns (the drive is not asked then). */
  lastCheck: BurnerCheck | null = null;
  /** Work that must end before the process may exit (a burn, an update). */
  readonly pending = new Set<Promise<unknown>>();
  /** Set by update_start once the new build is in place: main exits after the reply is written. */
  exitRequested = false;

  constructor(
    readonly send: (frame: ReplyFrame) => void,
    downloaderOptions: DownloaderOptions = DEFAULT_DOWNLOADER_OPTIONS,
  ) {
    this.configResult = loadConfig();
    const result = this.configResult;
    this.ready = result.ok
      ? {
          config: result.config,
          downloader: new Downloader(result.config.servers, result.config.downloadDir, downloaderOptions),
          burner: createBurner(result.config.burner),
          lock: new ProcessLock(result.config.downloadDir, 'burn.lock'),
        }
      : null;
    void this.ready?.downloader.prune();
  }

  /** Keeps the process alive until work is done, even after the browser closed stdin. */
  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const forget = () => this.pending.delete(work);
    work.then(forget, forget);
    return work;
  }
}
