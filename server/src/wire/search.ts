/** Wire shapes of the global search (snake_case), shared with the web app through `import type`. */

/** A field that is a link: the spec's website domain, editor link, obituary slug and funeral-home link. */
export interface WireSearchLink {
  text: string;
  href: string;
}

export type WireSearchCell = string | number | boolean | null | WireSearchLink;

export interface WireSearchRow {
  /** The ID column: a number, or a device's own identifier (shortened on the page when it is a UUID). */
  id: number | string;
  /** Where the ID links to, when the thing has a page. */
  url: string | null;
  deleted: boolean;
  /** The spec's optional thumbnail: a photo slide's 150 px thumbnail. */
  thumbnail: string | null;
  /** One value per field of the answer, in the same order. */
  cells: WireSearchCell[];
}

/** GET /search/search?words=&source= (spec 1 section 7: rows, fields, empty per source). */
export interface WireSearchResult {
  source: string;
  /** Field names in snake_case; the page humanizes them for its headings. */
  fields: string[];
  rows: WireSearchRow[];
  empty: boolean;
  /** Seconds the source's query took on the server. */
  runtime: number;
}
