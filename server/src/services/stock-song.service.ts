import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError, notFound } from '../http/errors.ts';
import type { AudioRepository } from '../repositories/audio.repository.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { StockCategoryRow, StockSongRepository, StockSongRow } from '../repositories/stock-song.repository.ts';
import type { WireAdminStockLibrary, WireAdminStockSong, WireStockCategory, WireStockList } from '../wire/song.ts';
import { flagField } from './song.service.ts';
import { NOT_AUDIO, type UploadedFile } from './song-upload.service.ts';
import type { StockSongRenderer } from './stock-song-render.service.ts';

export interface StockSongServiceDeps {
  stock: StockSongRepository;
  files: MediaFileRepository;
  audio: AudioRepository;
  renderer: Pick<StockSongRenderer, 'master'>;
  /** Where uploads are mastered before they move into storage. */
  tmpDir: string;
}

type Body = Record<string, unknown>;

const NAME_LIMIT = 250;

export const stockPreviewUrl = (song: Pick<StockSongRow, 'id' | 'composition_version' | 'updated_at'>, hash?: string): string => {
  const version = song.composition_version ?? new Date(song.updated_at).getTime().toString(36);
  return `/r/songs/stock/${song.id}/preview.mp3?v=${encodeURIComponent(version)}${hash ? `&security_hash=${encodeURIComponent(hash)}` : ''}`;
};

const isVisible = (song: StockSongRow): boolean => !song.disabled && !song.premium && song.preview_path !== null;

const toWireCategory = (c: StockCategoryRow): WireStockCategory => ({ id: c.id, name: c.name });

function textField(body: Body, name: string, label: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new AppError(400, `Please enter the ${label}.`);
  const text = value.trim();
  if (!text && name === 'song_name') throw new AppError(400, 'Please enter the title.');
  if (text.length > NAME_LIMIT) throw new AppError(400, `The ${label} can be at most ${NAME_LIMIT} characters.`);
  return text;
}

function idList(value: unknown): number[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',').filter(Boolean) : null;
  if (!list) throw new AppError(400, 'Please choose valid categories.');
  const ids = list.map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw new AppError(400, 'Please choose valid categories.');
  return [...new Set(ids)];
}

/** The stock library as callers see it (hidden songs left out, favourites marked) and as super users manage it. */
export function stockSongService(deps: StockSongServiceDeps) {
  const { stock } = deps;

  async function adminSong(row: StockSongRow): Promise<WireAdminStockSong> {
    const links = await stock.links();
    return toWireAdmin(row, links.filter((l) => l.stock_song_id === row.id).map((l) => l.stock_song_category_id));
  }

  function toWireAdmin(row: StockSongRow, categoryIds: number[]): WireAdminStockSong {
    return {
      id: row.id,
      song_name: row.song_name,
      artist_name: row.artist_name,
      song_length: row.song_length,
      preview_url: row.preview_path ? stockPreviewUrl(row) : null,
      disabled: row.disabled,
      premium: row.premium,
      composed: row.composition_key !== null,
      category_ids: categoryIds,
    };
  }

  async function validCategories(ids: number[]): Promise<number[]> {
    const known = new Set((await stock.categories()).map((c) => c.id));
    if (ids.some((id) => !known.has(id))) throw new AppError(400, 'Please choose valid categories.');
    return ids;
  }

  async function categoryName(body: Body): Promise<string> {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name) throw new AppError(400, 'Please enter a category name.');
    if (name.length > NAME_LIMIT) throw new AppError(400, `The category name can be at most ${NAME_LIMIT} characters.`);
    return name;
  }

  return {
    async list(userId: number | undefined, securityHash?: string): Promise<Omit<WireStockList, 'preparing'>> {
      const [songs, categories, links, favorites] = await Promise.all([
        stock.listVisible(),
        stock.categories(),
        stock.links(),
        userId === undefined ? new Set<number>() : stock.favoriteIds(userId),
      ]);
      const visible = new Set(songs.map((s) => s.id));
      return {
        stock_songs: songs.map((s) => ({
          id: s.id,
          song_name: s.song_name,
          artist_name: s.artist_name,
          song_length: s.song_length,
          preview_url: stockPreviewUrl(s, securityHash),
          favorite: favorites.has(s.id),
        })),
        stock_categories: categories.map(toWireCategory),
        song_categories: links.filter((l) => visible.has(l.stock_song_id)),
      };
    },

    async setFavorite(userId: number, stockSongId: number, favorite: boolean): Promise<{ favorite: boolean }> {
      const song = await stock.findById(stockSongId);
      if (!song || !isVisible(song)) throw notFound();
      await stock.setFavorite(userId, song.id, favorite);
      return { favorite };
    },

    /** The preview's storage key; songs hidden from the dialog are heard only by super users. */
    async previewKey(stockSongId: number, superUser: boolean): Promise<string> {
      const song = await stock.findById(stockSongId);
      if (!song?.preview_path || (!superUser && !isVisible(song))) throw notFound();
      return song.preview_path;
    },

    async adminList(): Promise<WireAdminStockLibrary> {
      const [songs, categories, links] = await Promise.all([stock.listAll(), stock.categories(), stock.links()]);
      const byId = new Map<number, number[]>();
      for (const l of links) byId.set(l.stock_song_id, [...(byId.get(l.stock_song_id) ?? []), l.stock_song_category_id]);
      return { stock_songs: songs.map((s) => toWireAdmin(s, byId.get(s.id) ?? [])), stock_categories: categories.map(toWireCategory) };
    },

    async update(id: number, body: Body): Promise<WireAdminStockSong> {
      const song = await stock.findById(id);
      if (!song) throw notFound();
      const values: Partial<StockSongRow> = {};
      const name = textField(body, 'song_name', 'title');
      const artist = textField(body, 'artist_name', 'artist');
      const disabled = flagField(body, 'disabled');
      const premium = flagField(body, 'premium');
      if (name !== undefined) values.song_name = name;
      if (artist !== undefined) values.artist_name = artist;
      if (disabled !== undefined) values.disabled = disabled;
      if (premium !== undefined) values.premium = premium;
      const categoryIds = idList(body.category_ids);
      if (categoryIds) await stock.setCategories(id, await validCategories(categoryIds));
      return adminSong(Object.keys(values).length ? await stock.update(id, values) : song);
    },

    /** A song an administrator uploads: mastered like the composed ones (-16 LUFS), kept as M4A and MP3. */
    async upload(file: UploadedFile, body: Body): Promise<WireAdminStockSong> {
      const probe = await deps.audio.probe(file.path);
      if (!probe || !(await deps.audio.decodedSeconds(file.path))) throw new AppError(415, NOT_AUDIO);
      const categoryIds = await validCategories(idList(body.category_ids) ?? []);
      const fallbackName = path.basename(file.originalName).replace(/\.[^.]*$/, '').replace(/_+/g, ' ').trim() || 'Untitled';
      const name = textField(body, 'song_name', 'title') || probe.title || fallbackName.slice(0, NAME_LIMIT);
      const artist = textField(body, 'artist_name', 'artist') ?? probe.artist ?? '';
      await mkdir(deps.tmpDir, { recursive: true });
      const work = await mkdtemp(path.join(deps.tmpDir, 'stock-'));
      try {
        const mastered = await deps.renderer.master(file.path, work).catch(() => {
          throw new AppError(415, NOT_AUDIO);
        });
        const version = randomBytes(6).toString('hex');
        const row = await stock.create({ song_name: name, artist_name: artist, song_length: Math.round(mastered.seconds * 1000) / 1000, composition_version: version });
        const audioKey = `stock_songs/${row.id}/${version}.m4a`;
        const previewKey = `stock_songs/${row.id}/${version}.mp3`;
        await deps.files.writeVia(audioKey, (tmp) => rename(mastered.audioFile, tmp));
        await deps.files.writeVia(previewKey, (tmp) => rename(mastered.previewFile, tmp));
        await stock.setCategories(row.id, categoryIds);
        return adminSong(await stock.update(row.id, { file_path: audioKey, preview_path: previewKey }));
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },

    async createCategory(body: Body): Promise<WireStockCategory> {
      const name = await categoryName(body);
      if (await stock.findCategoryByName(name)) throw new AppError(409, 'A category with this name exists already.');
      return toWireCategory(await stock.createCategory(name));
    },

    async renameCategory(id: number, body: Body): Promise<WireStockCategory> {
      const category = await stock.findCategory(id);
      if (!category) throw notFound();
      const name = await categoryName(body);
      const same = await stock.findCategoryByName(name);
      if (same && same.id !== id) throw new AppError(409, 'A category with this name exists already.');
      return toWireCategory(await stock.renameCategory(id, name));
    },
  };
}

export type StockSongService = ReturnType<typeof stockSongService>;
