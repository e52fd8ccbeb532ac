import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import type { Db } from '../db/database.ts';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { VideoRepository } from '../repositories/video.repository.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import { userCanSee } from '../services/video-access.ts';
import { LIVE_PATH, MAX_DRAGGING_IDS, type ClientToServerEvents, type ServerToClientEvents } from './events.ts';

export interface Live {
  /** Bumps the video's update id and tells every other editor of it. */
  notify(videoId: number, owner: string | null): Promise<void>;
  close(): Promise<void>;
}

const room = (videoId: number) => `video:${videoId}`;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

type LiveServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** The slide ids of a `dragging` message, or null when it is not a list of ids. */
export function draggingIds(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length > MAX_DRAGGING_IDS) return null;
  const ids = new Set<number>();
  for (const id of value) {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
    ids.add(id);
  }
  return [...ids];
}

/** Events and room membership travel between server processes through PostgreSQL NOTIFY. */
function withPostgresAdapter(io: LiveServer, databaseUrl: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', (err) => console.error('[live] postgres', err));
  io.adapter(createAdapter(pool, { errorHandler: (err) => console.error('[live] adapter', err) }));
  return pool;
}

/** notify and close, shared by the HTTP server's live sync and a worker's notifier. */
function liveChannel(io: LiveServer, pool: pg.Pool, db: Db, serverId: string, closeIo: () => Promise<void>): Live {
  return {
    async notify(id, owner) {
      const [row] = await db('videos').where({ id }).increment('update_id', 1).returning<{ update_id: number }[]>('update_id');
      if (!row) return;
      io.to(room(id)).emit('update', { update_id: Number(row.update_id), server_id: serverId, owner });
    },
    async close() {
      await closeIo();
      // The adapter takes its LISTEN client in the background; closed right after start it never gives it back.
      await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    },
  };
}

/**
 * Live sync for a process without HTTP (`npm run worker`): a socket.io server with no listener and the same postgres
 * adapter, so `io.to(room).emit` reaches the sockets of every HTTP server. A slide a worker finishes bumps the video's
 * update id and tells its editors just as one processed by a server does.
 */
export function startLiveNotifier(databaseUrl: string, db: Db): Live {
  const io: LiveServer = new Server<ClientToServerEvents, ServerToClientEvents>({ serveClient: false });
  const pool = withPostgresAdapter(io, databaseUrl);
  // io.close() would stop an engine this server never started; leaving the cluster is all there is to close.
  return liveChannel(io, pool, db, randomBytes(8).toString('hex'), async () => {
    await io.of('/').adapter.close();
  });
}

/** One room per video; a subscriber must be allowed to view the video (session or upload link). */
export function startLive(
  http: HttpServer,
  databaseUrl: string,
  deps: { db: Db; sessions: SessionRepository; videos: VideoRepository },
): Live {
  const serverId = randomBytes(8).toString('hex');
  const io: LiveServer = new Server<ClientToServerEvents, ServerToClientEvents>(http, { path: LIVE_PATH, serveClient: false });
  const pool = withPostgresAdapter(io, databaseUrl);

  async function editorsChanged(videoId: number): Promise<void> {
    const sockets = await io.in(room(videoId)).fetchSockets();
    for (const socket of sockets) socket.emit('editors', { count: sockets.length - 1 });
  }

  io.on('connection', (socket) => {
    let videoId: number | undefined;
    /** The references (id, upload-link hash) the socket subscribed with; a `dragging` must name one of them. */
    let refs = new Set<string>();
    /** What this socket told the room it is dragging, so leaving clears it for the others. */
    let dragging: number[] = [];

    /** The others stop showing this socket's drag: it ended, the socket left the video, or it disconnected. */
    const clearDragging = (id: number) => {
      if (dragging.length === 0) return;
      dragging = [];
      io.to(room(id)).except(socket.id).emit('dragging', { owner: socket.id, ids: [] });
    };

    socket.on('subscribe', async (request) => {
      try {
        const token = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
        const found = token ? await deps.sessions.findWithUser(token) : undefined;
        // A disabled user is as signed out here as in the HTTP calls.
        const user = found && !found.user.disabled ? found.user : undefined;
        const id = Number(request?.video_id);
        const video = Number.isSafeInteger(id) ? await deps.videos.findById(id) : await deps.videos.findBySecurityHash(String(request?.video_id));
        const viaLink = video && request?.security_hash === video.security_hash && video.upload_link_access_level > 0 && !video.family_upload_finished;
        if (!video || video.deleted_at || !(userCanSee(user, video) || viaLink)) {
          socket.emit('error', { message: 'Not found' });
          return;
        }
        if (videoId !== undefined && videoId !== video.id) {
          clearDragging(videoId);
          refs = new Set();
        }
        if (videoId !== undefined) {
          await socket.leave(room(videoId));
          await editorsChanged(videoId);
        }
        videoId = video.id;
        refs.add(String(video.id)).add(String(request.video_id));
        await socket.join(room(video.id));
        socket.emit('subscribed', { update_id: Number(video.update_id), server_id: serverId });
        await editorsChanged(video.id);
      } catch (err) {
        console.error('[live] subscribe failed', err);
        socket.emit('error', { message: 'Server error' });
      }
    });
    // Relayed as is to the video's other editors (on every server, through the adapter); only a subscriber, whose
    // access was checked by subscribe, may send one, and only for the video it subscribed to.
    socket.on('dragging', (request) => {
      const ids = draggingIds(request?.ids);
      if (videoId === undefined || ids === null || !refs.has(String(request?.video_id))) return;
      if (ids.length === 0 && dragging.length === 0) return;
      dragging = ids;
      socket.to(room(videoId)).emit('dragging', { owner: socket.id, ids });
    });
    socket.on('disconnect', () => {
      if (videoId === undefined) return;
      clearDragging(videoId);
      void editorsChanged(videoId);
    });
  });

  return liveChannel(io, pool, deps.db, serverId, () => new Promise<void>((resolve) => io.close(() => resolve())));
}
