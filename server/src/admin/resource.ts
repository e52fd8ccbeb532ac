import type { Knex } from 'knex';
import type { Db } from '../db/database.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';
import type { AdminField, FieldMessages } from './fields.ts';

export type Row = Record<string, unknown> & { id: number };

/**
 * A file kept with each row (a tax certificate's PDF): stored through the storage repository, served back by id; or,
 * with `store`, made into what the resource keeps (a stock video probed, with its still and preview).
 */
export interface AdminAttachment {
  /** The multipart field the form sends the file in. */
  field: string;
  /** Lower-case name for messages: "Please choose the certificate file to upload." */
  label: string;
  maxBytes: number;
  /** Required when creating; a PATCH without a file keeps the stored one. */
  required: boolean;
  /** Accepted media types; anything else is refused beside the field. */
  types: readonly string[];
  /** Those types in words, for the message: 'a PDF, PNG or JPEG file'. */
  typesLabel: string;
  /** Storage key folder of a row's file: `${prefix}/${id}/...`. */
  prefix: string;
  /**
   * Stores the file itself under `${prefix}/${id}/` and answers the columns to set, instead of the file_* columns;
   * throws a FieldsError naming `field` when the file is unusable (a new row is then removed again).
   */
  store?: (id: number, file: Express.Multer.File, storage: StorageRepository) => Promise<Record<string, unknown>>;
}

/**
 * One administration page's server side, declared: its table, which columns are searched and filtered, which are
 * written (with their checks), and how a row goes away. admin/resource.routes.ts turns it into
 * GET/POST /r/settings/<name> and GET/PATCH/DELETE /r/settings/<name>/:id, super users only.
 */
export interface AdminResource {
  /** The URL segment: /r/settings/<name>. */
  name: string;
  table: string;
  /** Wire keys: `{ [plural]: rows, total, page, per_page }` and `{ [singular]: row }`. */
  plural: string;
  singular: string;
  fields: readonly AdminField[];
  /** Columns (qualified when the query joins) that the list's q matches, every word somewhere, ignoring accents. */
  searchable: readonly string[];
  /** Query parameters that filter by an id column: { organization_id: 'brands.organization_id' }. */
  filters?: Readonly<Record<string, string>>;
  /** ORDER BY of the list, as SQL. */
  order: string;
  /** The rows as listed and answered, with joins for names; defaults to every column of the table. */
  query?: (db: Db) => Knex.QueryBuilder;
  /** 'delete' removes the row; a column name (such as 'disabled') is set true instead, so the row stays. */
  remove: 'delete' | { flag: string };
  /** Checks across fields or against the database, given the values to write and the row as it is (undefined creating). */
  check?: (values: Record<string, unknown>, current: Row | undefined, db: Db) => Promise<FieldMessages> | FieldMessages;
  /** Refusal when a hard delete meets rows that still point at this one (a foreign key). */
  inUse?: string;
  /** Why this row may not be removed (a 409), checked before `remove`; undefined when it may. */
  refusal?: (row: Row, db: Db) => Promise<string | undefined>;
  /**
   * Writes the checked values itself, for a resource whose fields are not one column each (an `ids` field's link
   * table, settings inside a JSON column, ids it numbers itself); create answers the new row's id.
   */
  save?: {
    create: (values: Record<string, unknown>, db: Db) => Promise<number>;
    update: (row: Row, values: Record<string, unknown>, db: Db) => Promise<void>;
  };
  attachment?: AdminAttachment;
  /** The row on the wire; defaults to the row as read. Dates become ISO strings either way. */
  toWire?: (row: Row) => object;
}
