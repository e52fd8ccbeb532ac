import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../http/errors.ts';
import type { AudioProbe, AudioRepository } from '../repositories/audio.repository.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { SongRepository } from '../repositories/song.repository.ts';
import type { WireSongUpload } from '../wire/song.ts';
import { canUploadMusic, toWireSong, type SongCaller } from './song.service.ts';
import { toWireTiming, type SongTimingService } from './song-timing.service.ts';

export const NOT_AUDIO = 'This file is not an audio file we can read.';
export const MUSIC_UPLOAD_REFUSED = 'Music upload is not enabled for this link.';

export interface UploadedFile {
  /** Where the upload middleware left the bytes (a temporary file the caller removes). */
  path: string;
  originalName: string;
}

export interface SongUploadDeps {
  songs: SongRepository;
  audio: AudioRepository;
  files: MediaFileRepository;
  timing: SongTimingService;
  notify: (videoId: number, owner: string | null) => Promise<void>;
}

/** The original keeps an extension its bytes earn, never the one in the name the browser sent. */
function extensionOf(probe: AudioProbe): string {
  const formats = probe.formatName.split(',');
  if (formats.includes('mp3')) return 'mp3';
  if (formats.includes('mp4') || formats.includes('m4a') || formats.includes('mov')) return 'm4a';
  for (const ext of ['wav', 'flac', 'ogg', 'aiff', 'webm', 'matroska', 'asf']) if (formats.includes(ext)) return ext === 'matroska' ? 'mka' : ext === 'asf' ? 'wma' : ext;
  return 'audio';
}

/** A title from the file name: no folders, no extension, separators as spaces. */
function titleFromName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  const bare = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return bare.replace(/[_]+/g, ' ').trim().slice(0, 250) || 'Untitled';
}

/**
 * A family's or staff member's own music: any common audio format, recognised by its bytes. The original is
 * kept as sent; an MP3 preview is made for browsers; the length is measured by decoding.
 */
export function songUploadService(deps: SongUploadDeps) {
  return {
    /** Refuses a family link that may not upload music before any bytes are read. */
    async assertAllowed(caller: SongCaller): Promise<void> {
      if (caller.access.linkLevel === undefined) return;
      const organizationAllows = await deps.songs.musicUploadAvailable(caller.access.video.organization_id);
      if (!canUploadMusic(caller.access, organizationAllows)) throw new AppError(403, MUSIC_UPLOAD_REFUSED);
    },

    async upload(caller: SongCaller, file: UploadedFile): Promise<WireSongUpload> {
      const probe = await deps.audio.probe(file.path);
      const seconds = probe ? await deps.audio.decodedSeconds(file.path) : null;
      if (!probe || !seconds) throw new AppError(415, NOT_AUDIO);
      const preview = `${file.path}.preview.mp3`;
      try {
        await deps.audio.encodeMp3(file.path, preview).catch(() => {
          throw new AppError(415, NOT_AUDIO);
        });
        const videoId = caller.access.video.id;
        const originalName = path.basename(file.originalName.replace(/\\/g, '/')).slice(0, 500) || 'song';
        const [row] = await deps.songs.append(videoId, [
          {
            video_id: videoId,
            stock_song_id: null,
            song_orig_name: originalName,
            title: probe.title ?? titleFromName(originalName),
            artist: probe.artist ?? '',
            song_length: Math.round(seconds * 1000) / 1000,
          },
        ]);
        const folder = `videos/${videoId}/songs/${row.id}`;
        const originalKey = `${folder}/original.${extensionOf(probe)}`;
        const previewKey = `${folder}/preview.mp3`;
        try {
          await deps.files.writeVia(originalKey, (tmp) => rename(file.path, tmp));
          await deps.files.writeVia(previewKey, (tmp) => rename(preview, tmp));
          await deps.songs.update(videoId, row.id, { file_path: originalKey, preview_path: previewKey });
        } catch (err) {
          // A song without its files must not show up in the list.
          await deps.songs.softDelete(videoId, row.id);
          throw err;
        }
        const song = (await deps.songs.find(row.id))!;
        await deps.notify(videoId, caller.socketId);
        const wire = toWireSong(song, caller.securityHash);
        return {
          song_id: song.id,
          song_length: song.song_length,
          preview_url: wire.preview_url,
          filename: originalName,
          title: song.title,
          artist: song.artist,
          song: wire,
          timing: toWireTiming(await deps.timing.timing(caller.access.video)),
        };
      } finally {
        await rm(preview, { force: true });
      }
    },
  };
}

export type SongUploadService = ReturnType<typeof songUploadService>;
