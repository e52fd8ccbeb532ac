import type { Knex } from 'knex';

/**
 * Direct Delivery devices (silks, issue 16) sign in to the device API with a token an administrator is shown once
 * when the device is registered (or its token is replaced). Only its SHA-256 is kept: the token is 256 random bits,
 * so a plain hash is as good as a slow one and lets the device API find the device with one indexed lookup.
 * The HD render's SHA-256, which devices verify their download against, goes in the existing renders.sha256.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('silks', (t) => {
    t.string('token_hash', 64).unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('silks', (t) => {
    t.dropColumn('token_hash');
  });
}
