import { SEARCH_LIMIT, isSearchSource, type SearchSourceName } from '../../../common/search-sources.ts';
import { AppError } from '../http/errors.ts';
import type { SearchDbRow, SearchRepository } from '../repositories/search.repository.ts';
import { slideUrls, type UrlSlide } from './slide-media.service.ts';
import type { WireSearchCell, WireSearchLink, WireSearchResult, WireSearchRow } from '../wire/search.ts';

type Row = SearchDbRow;

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const when = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : text(value));
const link = (label: unknown, href: string | null): WireSearchLink | null => (label === null || label === undefined || !href ? null : { text: String(label), href });

/** A website's address from its stored domain, which may or may not carry its scheme. */
const siteUrl = (domain: unknown): string | null => {
  const value = text(domain)?.trim();
  if (!value) return null;
  return /^https?:\/\//i.test(value) ? value.replace(/\/+$/, '') : `https://${value}`;
};

/** The obituary's public address: domain, the website's optional obituary folder, then the slug. */
export function obituaryUrl(domain: unknown, obituarySlug: unknown, slug: unknown): string | null {
  const site = siteUrl(domain);
  const page = text(slug)?.trim();
  if (!site || !page) return null;
  const folder = text(obituarySlug)?.trim().replace(/^\/+|\/+$/g, '');
  return [site, folder, page].filter(Boolean).map((part, i) => (i === 0 ? part : encodeURIComponent(part!))).join('/');
}

/**
 * The obituary's flower order page (the spec's "flower-order obituary link"): the funeral-home websites our partners
 * run take sympathy flower orders at the obituary's own address plus /flowers.
 */
export function flowerOrderUrl(domain: unknown, obituarySlug: unknown, slug: unknown): string | null {
  const obituary = obituaryUrl(domain, obituarySlug, slug);
  return obituary && `${obituary}/flowers`;
}

/** The video builder (the creator, from its first step) for the obituary's video (the spec's "builder link"). */
const builderUrl = (videoId: unknown): string | null => (videoId === null || videoId === undefined ? null : `/creator/${String(videoId)}/setup`);

/** The editor for a video's slides (the spec's "editor link"). */
const editorUrl = (videoId: unknown): string => `/creator/${String(videoId)}/slides`;

interface Presenter {
  fields: string[];
  url(row: Row): string | null;
  thumbnail?(row: Row): string | null;
  cells(row: Row): WireSearchCell[];
}

/** What each source shows: its fields (snake_case, humanized by the page) and where its rows link. */
const PRESENTERS: Record<SearchSourceName, Presenter> = {
  videos: {
    fields: ['title', 'subtitle', 'organization', 'editor', 'created_at'],
    // A finished (queued) video's page is its details; one still being made opens in the creator.
    url: (r) => (r.date_in_queue ? `/videos/${r.id}/details` : editorUrl(r.id)),
    cells: (r) => [text(r.title), text(r.subtitle), text(r.organization_name), link('Slides', editorUrl(r.id)), when(r.created_at)],
  },
  users: {
    fields: ['name', 'email', 'role', 'organization', 'disabled', 'last_login_at'],
    url: () => null,
    cells: (r) => [text(r.name), text(r.email), text(r.role), text(r.organization_name), Boolean(r.disabled), when(r.last_login_at)],
  },
  organizations: {
    fields: ['organization_name', 'partner_name', 'website', 'disabled'],
    url: () => null,
    cells: (r) => [text(r.organization_name), text(r.partner_name), link(r.website_domain, siteUrl(r.website_domain)), Boolean(r.disabled)],
  },
  brands: {
    fields: ['name', 'organization', 'disabled'],
    url: () => null,
    cells: (r) => [text(r.name), text(r.organization_name), Boolean(r.disabled)],
  },
  orders: {
    fields: ['customer_name', 'customer_email', 'video', 'organization', 'order_date'],
    url: (r) => (r.video_id ? `/videos/${r.video_id}/details?tab=orders` : null),
    cells: (r) => [text(r.customer_name), text(r.customer_email), link(r.video_title ?? r.video_id, r.video_id ? `/videos/${r.video_id}/details` : null), text(r.organization_name), when(r.order_date)],
  },
  slides: {
    fields: ['file_name', 'video', 'editor', 'created_at'],
    url: (r) => editorUrl(r.video_id),
    thumbnail: (r) => slideUrls(r as unknown as UrlSlide).thumb_url,
    cells: (r) => [text(r.orig_filename), text(r.video_title), link('Slides', editorUrl(r.video_id)), when(r.created_at)],
  },
  songs: {
    fields: ['title', 'artist', 'file_name', 'video'],
    url: (r) => `/creator/${String(r.video_id)}/music`,
    cells: (r) => [text(r.title), text(r.artist), text(r.song_orig_name), link(r.video_title ?? r.video_id, `/creator/${String(r.video_id)}/music`)],
  },
  devices: {
    fields: ['label', 'organization', 'disabled', 'last_seen_at'],
    url: () => null,
    cells: (r) => [text(r.label), text(r.organization_name), Boolean(r.disabled), when(r.last_seen_at)],
  },
  obituaries: {
    fields: ['obituary_slug', 'funeral_home', 'flower_order', 'builder', 'published_at'],
    url: (r) => obituaryUrl(r.domain, r.obituary_slug, r.slug),
    cells: (r) => [
      link(r.slug, obituaryUrl(r.domain, r.obituary_slug, r.slug)),
      link(r.website_name ?? r.domain, siteUrl(r.domain)),
      link('Send Flowers', flowerOrderUrl(r.domain, r.obituary_slug, r.slug)),
      link('Video Builder', builderUrl(r.video_id)),
      when(r.published_at),
    ],
  },
  obituary_websites: {
    fields: ['name', 'website_domain', 'organization'],
    url: (r) => siteUrl(r.domain),
    cells: (r) => [text(r.name), link(r.domain, siteUrl(r.domain)), text(r.organization_name)],
  },
  stock_songs: {
    fields: ['song_name', 'artist_name', 'song_length', 'premium', 'disabled'],
    url: () => '/settings/stock_songs',
    cells: (r) => [text(r.song_name), text(r.artist_name), r.song_length === null ? null : Number(r.song_length), Boolean(r.premium), Boolean(r.disabled)],
  },
  themes: {
    fields: ['theme_title', 'tags', 'debug', 'disabled'],
    url: () => null,
    cells: (r) => [text(r.theme_title), text(r.tags), Boolean(r.debug), Boolean(r.disabled)],
  },
  custom_themes: {
    fields: ['title', 'theme_id', 'organization'],
    url: () => null,
    cells: (r) => [text(r.title), r.theme_id === null ? null : Number(r.theme_id), text(r.organization_name)],
  },
  stock_texts: {
    fields: ['text_title', 'author_name', 'disabled'],
    url: () => null,
    cells: (r) => [text(r.text_title), text(r.author_name), Boolean(r.disabled)],
  },
  stock_videos: {
    fields: ['video_title', 'tags', 'duration', 'disabled'],
    url: () => null,
    cells: (r) => [text(r.video_title), text(r.tags), r.duration === null ? null : Number(r.duration), Boolean(r.disabled)],
  },
  products: {
    fields: ['product_title', 'kind', 'price_cents', 'enabled'],
    url: () => null,
    cells: (r) => [text(r.product_title), text(r.kind), r.price_cents === null ? null : Number(r.price_cents), Boolean(r.enabled)],
  },
};

/** The search's words: trimmed, at most 100 characters (longer queries say nothing more and cost more). */
export function searchWords(value: unknown): string {
  return (typeof value === 'string' ? value : '').trim().replace(/\s+/g, ' ').slice(0, 100);
}

/** The global search for super users (the route checks the caller); one source per call. */
export function searchService(repository: SearchRepository) {
  return {
    async search(sourceValue: unknown, wordsValue: unknown): Promise<WireSearchResult> {
      if (!isSearchSource(sourceValue)) throw new AppError(400, 'Unknown search source.');
      const source = sourceValue;
      const words = searchWords(wordsValue);
      const presenter = PRESENTERS[source];
      const started = process.hrtime.bigint();
      const found = words ? await repository.search(source, words, SEARCH_LIMIT) : [];
      const runtime = Number(process.hrtime.bigint() - started) / 1e9;
      const rows: WireSearchRow[] = found.map((row) => ({
        // A device is known by its own identifier (often a UUID), not by our row number.
        id: source === 'devices' ? String(row.device_id) : row.id,
        url: presenter.url(row),
        deleted: row.deleted === true,
        thumbnail: presenter.thumbnail?.(row) ?? null,
        cells: presenter.cells(row),
      }));
      return { source, fields: presenter.fields, rows, empty: rows.length === 0, runtime };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
