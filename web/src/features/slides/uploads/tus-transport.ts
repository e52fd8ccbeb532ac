import { DetailedError, Upload } from 'tus-js-client';
import { getLiveSocketId, getSecurityHash, LIVE_SOCKET_HEADER, type VideoRef } from '../../../api/index.ts';
import type { UploadFailure } from './errors.ts';
import { isRetryable } from './errors.ts';
import type { PreparedUpload, Transport, UploadEvents } from './session-types.ts';

export const UPLOAD_ENDPOINT = '/r/uploads';
const CHUNK_SIZE = 5 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

function failureOf(err: Error): UploadFailure {
  if (!(err instanceof DetailedError) || !err.originalRequest) return { kind: 'local', message: err.message };
  const response = err.originalResponse;
  // XMLHttpRequest reports a request that never got an answer as status 0.
  if (!response || response.getStatus() === 0) return { kind: 'network' };
  return { kind: 'response', status: response.getStatus(), body: response.getBody() ?? null };
}

/**
 * Resumable uploads with tus-js-client to the tus endpoint at /r/uploads.
 *
 * Resuming after a reload: tus-js-client keeps each unfinished upload's URL in localStorage under a fingerprint made
 * of the file's name, type, size and modification time. A browser page cannot reopen a file by itself, so an upload
 * cut off by a reload or a closed tab resumes only when the user adds the same file again: `prepare` looks the
 * fingerprint up and continues from the server's offset instead of sending the file again. Looking it up is what
 * the 'Loading' label covers.
 */
export function tusTransport(videoRef: VideoRef): Transport<File> {
  return {
    async prepare(file, uploadId): Promise<PreparedUpload> {
      let events: UploadEvents | undefined;
      const hash = getSecurityHash();
      const upload = new Upload(file, {
        endpoint: UPLOAD_ENDPOINT,
        metadata: { filename: file.name, filetype: file.type, video_id: String(videoRef), upload_id: uploadId },
        headers: hash ? { 'X-Security-Hash': hash } : {},
        chunkSize: CHUNK_SIZE,
        retryDelays: RETRY_DELAYS,
        removeFingerprintOnSuccess: true,
        onBeforeRequest(request) {
          const socket = getLiveSocketId();
          if (socket) request.setHeader(LIVE_SOCKET_HEADER, socket);
        },
        onShouldRetry(err) {
          const failure = failureOf(err);
          const retry = isRetryable(failure);
          if (retry) events?.retrying(failure);
          return retry;
        },
        onProgress: (sent, total) => events?.progress(sent, total),
        onChunkComplete: () => events?.chunkAccepted(),
        onSuccess({ lastResponse }) {
          const id = Number(lastResponse.getHeader('X-Slide-Id'));
          events?.success(Number.isSafeInteger(id) && id > 0 ? id : null);
        },
        onError: (err) => events?.failed(failureOf(err)),
      });
      const previous = (await upload.findPreviousUploads())
        .filter((p) => p.metadata.video_id === String(videoRef))
        .sort((a, b) => b.creationTime.localeCompare(a.creationTime));
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      return {
        start(handlers) {
          events = handlers;
          upload.start();
        },
        abort(terminate) {
          events = undefined;
          // Terminating an upload the server already dropped answers 404; nothing is left to clean up then.
          upload.abort(terminate).catch(() => undefined);
        },
      };
    },
  };
}
