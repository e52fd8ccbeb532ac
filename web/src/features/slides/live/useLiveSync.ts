import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../../server/src/live/events.ts';
import { getSecurityHash, setLiveSocketId, type VideoRef } from '../../../api/index.ts';
import { LiveController, type LiveState } from './live-controller.ts';
import { announceLiveRefresh } from './refresh-signal.ts';

/** The server's LIVE_PATH (server/src/live/events.ts); the web may import its types only. */
const LIVE_PATH = '/jute/socket.io/';

const browserTimers = {
  setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

/**
 * Live multi-editor sync for one video (spec 3, 4.10): joins the video's room and calls `onRefresh` when another
 * editor changed something or changes may have been missed. Refreshes wait while `inFlight()` says the page's own
 * requests are running, so a list fetched mid-change does not overwrite them. Every call the page makes carries
 * this socket's id, which is how the server tells the other editors and not this one.
 */
export function useLiveSync(videoRef: VideoRef, onRefresh: () => void, inFlight: () => boolean): LiveState {
  const [state, setState] = useState<LiveState>({ otherEditors: 0, connected: false });
  const latest = useRef({ onRefresh, inFlight });
  useEffect(() => {
    latest.current = { onRefresh, inFlight };
  }, [onRefresh, inFlight]);

  useEffect(() => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({ path: LIVE_PATH });
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
    });
    socket.on('subscribed', (message) => controller.subscribed(message));
    socket.on('update', (message) => controller.updated(message, socket.id));
    socket.on('editors', ({ count }) => controller.editors(count));
    controller.start();
    return () => {
      controller.stop();
      // Without its listeners the socket's own 'disconnect' event cannot start the offline timer again.
      socket.removeAllListeners();
      socket.disconnect();
      setLiveSocketId(undefined);
    };
  }, [videoRef]);

  return state;
}
