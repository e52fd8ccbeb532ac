import { useCallback, useEffect, useRef, useState } from 'react';
import { ServerProblem, uploadSong, type UploadedSong, type VideoRef } from '../../api/index.ts';
import type { UploadError } from './song-model.ts';
import { acceptedFiles, isPermanentStatus, retryDelay } from './upload-rules.ts';

export interface UploadEntry {
  uploadId: string;
  file: File;
  progress: number;
  error: UploadError | null;
  /** Failed attempts so far. */
  attempt: number;
  /** Waiting out a passing trouble before the next attempt. */
  waiting: boolean;
}

const isActive = (e: UploadEntry) => !e.error?.permanent;

/** Page-local ids (crypto.randomUUID needs a secure context, which a plain-http install lacks). */
let uploadCounter = 0;

/**
 * The song upload queue: files go up one at a time in the order they were added, so the server appends them in
 * that order too. Passing troubles are retried after a wait; refusals stop the file with a permanent error.
 */
export function useSongUploads(video: VideoRef, onUploaded: (reply: UploadedSong) => void) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const running = useRef<{ uploadId: string; controller: AbortController } | null>(null);
  const timers = useRef(new Map<string, number>());
  const latestOnUploaded = useRef(onUploaded);
  useEffect(() => {
    latestOnUploaded.current = onUploaded;
  });

  const patch = useCallback((uploadId: string, change: Partial<UploadEntry>) => {
    setEntries((list) => list.map((e) => (e.uploadId === uploadId ? { ...e, ...change } : e)));
  }, []);

  const start = useCallback(
    (entry: UploadEntry) => {
      const controller = new AbortController();
      running.current = { uploadId: entry.uploadId, controller };
      uploadSong(video, entry.file, (progress) => patch(entry.uploadId, { progress }), controller.signal).then(
        (reply) => {
          running.current = null;
          setEntries((list) => list.filter((e) => e.uploadId !== entry.uploadId));
          latestOnUploaded.current(reply);
        },
        (err: unknown) => {
          running.current = null;
          if (controller.signal.aborted) return;
          const status = err instanceof ServerProblem ? err.status : 0;
          const message = err instanceof Error ? err.message : String(err);
          const delay = isPermanentStatus(status) ? null : retryDelay(entry.attempt);
          patch(entry.uploadId, { error: { message, permanent: delay === null }, attempt: entry.attempt + 1, waiting: delay !== null });
          if (delay === null) return;
          timers.current.set(
            entry.uploadId,
            window.setTimeout(() => {
              timers.current.delete(entry.uploadId);
              patch(entry.uploadId, { waiting: false });
            }, delay),
          );
        },
      );
    },
    [video, patch],
  );

  useEffect(() => {
    if (running.current) return;
    const next = entries.find(isActive);
    if (next && !next.waiting) start(next);
  }, [entries, start]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      running.current?.controller.abort();
      for (const timer of pending.values()) window.clearTimeout(timer);
    };
  }, []);

  /** Files still going up or waiting to retry: leaving the page now stops them (useUploadLeaveGuard warns). */
  const uploading = entries.some(isActive);

  const add = useCallback((files: readonly File[]) => {
    const added = acceptedFiles(files).map((file) => ({ uploadId: String(++uploadCounter), file, progress: 0, error: null, attempt: 0, waiting: false }));
    if (added.length) setEntries((list) => [...list, ...added]);
  }, []);

  /** Cancel (still going) and Clear (failed for good) both take the file off the list. */
  const remove = useCallback((uploadId: string) => {
    if (running.current?.uploadId === uploadId) {
      running.current.controller.abort();
      running.current = null;
    }
    const timer = timers.current.get(uploadId);
    if (timer !== undefined) window.clearTimeout(timer);
    timers.current.delete(uploadId);
    setEntries((list) => list.filter((e) => e.uploadId !== uploadId));
  }, []);

  return { entries, uploading, add, remove };
}
