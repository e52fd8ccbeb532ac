import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_SLIDE_TIME } from '../../../../common/timing.ts';
import {
  attachStockSongs,
  deleteSong,
  fetchSongList,
  reorderSongs,
  saveSongOptions,
  updateTiming,
  type SongOptions,
  type Timing,
  type UploadedSong,
  type VideoRef,
} from '../../api/index.ts';
import { moveItem } from './reorder.ts';
import { fromServer, type ManagerSong } from './song-model.ts';

export interface TimingSettings {
  automatic: boolean;
  /** The custom seconds per slide, used when automatic is off. */
  slideTime: number;
  repeatMusic: boolean;
}

interface MusicState {
  loaded: boolean;
  loadError: string | null;
  /** Saved songs in the video's order. */
  songs: ManagerSong[];
  timing: Timing | null;
  settings: TimingSettings;
  /** A reorder that the server refused; the list was reloaded. */
  reorderFailed: boolean;
  /** This caller may upload music files (the Upload tab). */
  uploadEnabled: boolean;
  /** The video is finalized: nothing on the page changes it. */
  readOnly: boolean;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The video's songs and timing, and every call that changes them; each call's reply carries the new timing. */
export function useMusic(video: VideoRef) {
  const [state, setState] = useState<MusicState>({
    loaded: false,
    loadError: null,
    songs: [],
    timing: null,
    settings: { automatic: true, slideTime: DEFAULT_SLIDE_TIME, repeatMusic: false },
    reorderFailed: false,
    uploadEnabled: false,
    readOnly: false,
  });
  const stateRef = useRef(state);
  stateRef.current = state;
  const update = useCallback((change: (s: MusicState) => Partial<MusicState>) => setState((s) => ({ ...s, ...change(s) })), []);
  const timingSeq = useRef(0);

  const load = useCallback(async () => {
    try {
      const list = await fetchSongList(video);
      update(() => ({
        loaded: true,
        loadError: null,
        songs: list.songs.map(fromServer),
        timing: list.timing,
        settings: { automatic: list.automatic, slideTime: list.slideTime, repeatMusic: list.repeatMusic },
        uploadEnabled: list.uploadEnabled,
        readOnly: list.readOnly,
      }));
    } catch (err) {
      update(() => ({ loaded: true, loadError: errorText(err) }));
    }
  }, [video, update]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = useCallback(
    async (songId: number) => {
      const { timing } = await deleteSong(video, songId);
      update((s) => ({ songs: s.songs.filter((song) => song.id !== songId), timing }));
    },
    [video, update],
  );

  const attach = useCallback(
    async (stockSongIds: number[]) => {
      const { songs, timing } = await attachStockSongs(video, stockSongIds);
      update((s) => ({ songs: [...s.songs, ...songs.map(fromServer)], timing }));
    },
    [video, update],
  );

  const saveOptions = useCallback(
    async (songId: number, options: SongOptions) => {
      const { timing } = await saveSongOptions(video, songId, options);
      update((s) => ({ songs: s.songs.map((song) => (song.id === songId ? { ...song, ...options } : song)), timing }));
    },
    [video, update],
  );

  const move = useCallback(
    (from: number, to: number) => {
      if (from === to) return;
      const songs = moveItem(stateRef.current.songs, from, to);
      update(() => ({ songs, reorderFailed: false }));
      reorderSongs(video, songs.map((song) => song.id!)).catch(() => {
        update(() => ({ reorderFailed: true }));
        void load();
      });
    },
    [video, update, load],
  );

  const saveTiming = useCallback(
    async (settings: TimingSettings) => {
      const seq = ++timingSeq.current;
      update(() => ({ settings }));
      const { timing } = await updateTiming(video, settings);
      if (seq === timingSeq.current) update(() => ({ timing }));
    },
    [video, update],
  );

  const uploaded = useCallback(
    (reply: UploadedSong) => update((s) => ({ songs: [...s.songs, fromServer(reply.song)], timing: reply.timing })),
    [update],
  );

  const dismissReorderError = useCallback(() => update(() => ({ reorderFailed: false })), [update]);

  return { ...state, load, remove, attach, saveOptions, move, saveTiming, uploaded, dismissReorderError };
}

export type MusicStore = ReturnType<typeof useMusic>;
