/**
 * The sources of the global search (spec 1 section 2.11), in the order the results page shows them. The server
 * answers GET /search/search for exactly these names; the page fetches each on its own. Aliases are the other
 * names staff use for the same things, listed in the page's runtimes table.
 */
export const SEARCH_SOURCES = [
  { name: 'videos', aliases: ['tributes'] },
  { name: 'users', aliases: ['staff', 'accounts'] },
  { name: 'organizations', aliases: ['funeral homes', 'partners'] },
  { name: 'brands', aliases: [] },
  { name: 'orders', aliases: ['customers'] },
  { name: 'slides', aliases: ['photos by file name'] },
  { name: 'songs', aliases: ['video music'] },
  { name: 'devices', aliases: ['silks', 'direct delivery'] },
  { name: 'obituaries', aliases: ['obituary slugs'] },
  { name: 'obituary_websites', aliases: ['funeral home websites'] },
  { name: 'stock_songs', aliases: ['music library'] },
  { name: 'themes', aliases: [] },
  { name: 'custom_themes', aliases: [] },
  { name: 'stock_texts', aliases: ['verses', 'poems'] },
  { name: 'stock_videos', aliases: ['clips'] },
  { name: 'products', aliases: ['order details'] },
] as const satisfies readonly { name: string; aliases: readonly string[] }[];

export type SearchSourceName = (typeof SEARCH_SOURCES)[number]['name'];

export const isSearchSource = (value: unknown): value is SearchSourceName => SEARCH_SOURCES.some((source) => source.name === value);

/** Rows per source, best first. */
export const SEARCH_LIMIT = 50;

/** Spec 1 section 9: how long the page holds later sources back behind a slow one. */
export const SEARCH_TIMEOUT_MS = 3000;
