import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { fetchProcessing, fetchSlideList, type VideoRef } from '../../../api/index.ts';
import { onLiveRefresh } from '../live/index.ts';
import type { AnalysisWatch, Clock } from './session-types.ts';
import { UploadSession } from './session.ts';
import { tusTransport } from './tus-transport.ts';
import type { UploadItem, UploadProblem, UploadSummary } from './types.ts';

/** Photo types every supported browser shows itself; the tile uses the file while it uploads. */
const PREVIEW_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const PREVIEW_MAX_BYTES = 15 * 1024 * 1024;

const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/** Random ids without crypto.randomUUID, which plain-http installations on a LAN do not have. */
function newUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function createSession(videoRef: VideoRef): UploadSession<File> & { videoRef: VideoRef } {
  const session = new UploadSession<File>({
    transport: tusTransport(videoRef),
    fetchProcessing: async (ids) => (await fetchProcessing(videoRef, ids)).slides,
    countSlides: async () => (await fetchSlideList(videoRef)).slides.filter((s) => !s.deleted).length,
    newId: newUploadId,
    clock: browserClock,
    previewUrl: (file) => (PREVIEW_TYPES.has(file.type) && file.size <= PREVIEW_MAX_BYTES ? URL.createObjectURL(file) : undefined),
    revokePreview: (url) => URL.revokeObjectURL(url),
  });
  return Object.assign(session, { videoRef });
}

export interface Uploads {
  items: UploadItem[];
  summary: UploadSummary;
  problems: UploadProblem[];
  addFiles(files: File[]): void;
  cancel(uploadId: string): void;
  dismissProblems(): void;
}

/**
 * The slide workspace's uploads (spec 2, upload progress and session): up to three files at once, the rest queued,
 * each resumable. `onSlidesChanged` asks the page to load the slide list again (a file finished or failed).
 */
export function useUploads(videoRef: VideoRef, options: { onSlidesChanged: () => void; limit: number | null; analysis?: AnalysisWatch | null }): Uploads {
  const [session, setSession] = useState(() => createSession(videoRef));
  if (session.videoRef !== videoRef) setSession(createSession(videoRef));
  const { onSlidesChanged, limit, analysis = null } = options;

  useEffect(() => session.configure({ onSlidesChanged, limit, analysis }), [session, onSlidesChanged, limit, analysis]);

  useEffect(() => {
    session.attach();
    const stopListening = onLiveRefresh(() => session.checkProcessing());
    return () => {
      stopListening();
      session.dispose();
    };
  }, [session]);

  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);

  // Leaving while files are still on their way: the browser asks first (the text is the browser's own).
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!session.sending) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [session]);

  const addFiles = useCallback((files: File[]) => void session.addFiles(files), [session]);
  const cancel = useCallback((uploadId: string) => session.cancel(uploadId), [session]);
  const dismissProblems = useCallback(() => session.dismissProblems(), [session]);

  return { ...snapshot, addFiles, cancel, dismissProblems };
}
