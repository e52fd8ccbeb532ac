import type { Knex } from 'knex';

/** Used by @socket.io/postgres-adapter for payloads too large for NOTIFY, so live sync spans server processes. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE IF NOT EXISTS socket_io_attachments (
    id bigserial UNIQUE,
    created_at timestamptz DEFAULT now(),
    payload bytea
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS socket_io_attachments');
}
