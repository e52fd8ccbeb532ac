import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../../server/src/live/events.ts';
import { getSecurityHash, setLiveSocketId, type VideoRef } from '../../../api/index.ts';
import { LiveController, type LiveState } from './live-controller.ts';
import { applyDragging, draggedByOthers, NOBODY_DRAGGING, type OthersDragging } from './others-dragging.ts';
import { announceLiveRefresh } from './refresh-signal.ts';

/** The server's LIVE_PATH (server/src/live/events.ts); the web may import its types only. */
const LIVE_PATH = '/jute/socket.io/';

const browserTimers = {
  setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

export interface LiveSync extends LiveState {
  /** Slides another editor is dragging right now (spec 2 "someone-else-dragging"). */
  othersDragging: ReadonlySet<number>;
  /** Tells the other editors which slides this page is dragging: the ids when a drag starts, none when it ends. */
  sendDragging(ids: readonly number[]): void;
}

/**
 * Live multi-editor sync for one video (spec 3, 4.10): joins the video's room and calls `onRefresh` when another
 * editor changed something or changes may have been missed. Refreshes wait while `inFlight()` says the page's own
 * requests are running, so a list fetched mid-change does not overwrite them. Every call the page makes carries
 * this socket's id, which is how the server tells the other editors and not this one.
 */
export function useLiveSync(videoRef: VideoRef, onRefresh: () => void, inFlight: () => boolean): LiveSync {
  const [state, setState] = useState<LiveState>({ otherEditors: 0, connected: false });
  const [dragging, setDragging] = useState<OthersDragging>(NOBODY_DRAGGING);
  const socketRef = useRef<Socket<ServerToClientEvents, ClientToServerEvents> | null>(null);
  const latest = useRef({ onRefresh, inFlight });
  useEffect(() => {
    latest.current = { onRefresh, inFlight };
  }, [onRefresh, inFlight]);

  useEffect(() => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({ path: LIVE_PATH });
    socketRef.current = socket;
    const controller = new LiveController({
      timers: browserTimers,
      subscribe: () => socket.emit('subscribe', { video_id: videoRef, security_hash: getSecurityHash() }),
      refresh: () => {
        latest.current.onRefresh();
        announceLiveRefresh();
      },
      inFlight: () => latest.current.inFlight(),
      onState: setState,
    });
    socket.on('connect', () => {
      setLiveSocketId(socket.id);
      controller.connected();
    });
    socket.on('disconnect', () => {
      setLiveSocketId(undefined);
      controller.disconnected();
      // Drags that end while this page is away would never be heard of: nothing stays held.
      setDragging(NOBODY_DRAGGING);
    });
    socket.on('subscribed', (message) => controller.subscribed(message));
    socket.on('update', (message) => controller.updated(message, socket.id));
    socket.on('editors', ({ count }) => {
      controller.editors(count);
      if (count <= 0) setDragging(NOBODY_DRAGGING);
    });
    socket.on('dragging', (message) => setDragging((current) => applyDragging(current, message)));
    controller.start();
    return () => {
      controller.stop();
      // Without its listeners the socket's own 'disconnect' event cannot start the offline timer again.
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
      setLiveSocketId(undefined);
      setDragging(NOBODY_DRAGGING);
    };
  }, [videoRef]);

  const sendDragging = useCallback(
    (ids: readonly number[]) => {
      const socket = socketRef.current;
      // Not buffered for later: a drag start or end replayed after a reconnect would be out of date.
      if (socket?.connected) socket.emit('dragging', { video_id: videoRef, ids: [...ids] });
    },
    [videoRef],
  );
  const othersDragging = useMemo(() => draggedByOthers(dragging), [dragging]);

  return useMemo(() => ({ ...state, othersDragging, sendDragging }), [state, othersDragging, sendDragging]);
}
