import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organizations', (t) => {
    t.increments('id');
    t.string('organization_name', 250).notNullable();
    t.string('partner_name', 250);
    t.string('logo_path', 500);
    t.integer('video_length_limit').notNullable().defaultTo(30); // minutes
    t.integer('max_override_length').notNullable().defaultTo(120); // minutes
    t.string('billing_id_prompt', 250);
    t.boolean('upload_links_enabled').notNullable().defaultTo(true);
    t.boolean('show_branding').notNullable().defaultTo(true);
    t.boolean('sor_enabled').notNullable().defaultTo(true);
    t.boolean('menu').notNullable().defaultTo(true);
    t.boolean('billing').notNullable().defaultTo(false);
    t.boolean('sample_button').notNullable().defaultTo(true);
    t.boolean('music_upload_available').notNullable().defaultTo(true);
    t.boolean('disabled').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });

  await knex.schema.createTable('brands', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('name', 250).notNullable();
    t.string('logo_path', 500);
    t.boolean('disabled').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.index(['organization_id']);
  });

  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.integer('organization_id').references('organizations.id').onDelete('SET NULL');
    t.string('email', 320).notNullable();
    t.string('name', 250).notNullable().defaultTo('');
    t.string('password_hash', 250);
    t.string('role', 20).notNullable().defaultTo('staff'); // staff | org_admin | super
    t.boolean('disabled').notNullable().defaultTo(false);
    t.integer('sor_dismissed_year');
    t.jsonb('config').notNullable().defaultTo('{}');
    t.timestamp('last_login_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['organization_id']);
  });
  await knex.raw('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))');

  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 64).primary(); // sha-256 of the cookie token: a leaked table cannot be replayed
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('admin_user_id').references('users.id').onDelete('CASCADE'); // set while a super user acts as another user
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('ip', 64);
    t.string('user_agent', 500);
    t.timestamps(true, true);
    t.index(['user_id']);
  });

  await knex.schema.createTable('login_attempts', (t) => {
    t.string('key', 400).primary(); // 'email:<address>' or 'ip:<address>'
    t.integer('failures').notNullable().defaultTo(0);
    t.timestamp('window_started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('locked_until', { useTz: true });
  });

  await knex.schema.createTable('user_tokens', (t) => {
    t.increments('id');
    t.string('kind', 20).notNullable(); // invite | reset
    t.string('token_hash', 64).notNullable().unique();
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.integer('organization_id').references('organizations.id').onDelete('CASCADE');
    t.string('email', 320).notNullable();
    t.string('role', 20);
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamps(true, true);
  });

  await knex.schema.createTable('outbox', (t) => {
    t.increments('id');
    t.string('channel', 10).notNullable().defaultTo('email'); // email | sms
    t.string('recipient', 320).notNullable();
    t.string('from_name', 250);
    t.string('reply_to', 320);
    t.string('subject', 500).notNullable().defaultTo('');
    t.text('body').notNullable();
    t.timestamp('sent_at', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamps(true, true);
  });

  await knex.schema.createTable('system_settings', (t) => {
    t.string('key', 100).primary();
    t.jsonb('value').notNullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('activity_logs', (t) => {
    t.bigIncrements('id');
    t.timestamp('datetime', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.integer('video_id');
    t.string('ip', 64);
    t.string('action', 250).notNullable();
    t.string('browser', 100);
    t.string('os', 100);
    t.string('user_agent', 1000);
    t.index(['video_id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['activity_logs', 'system_settings', 'outbox', 'user_tokens', 'login_attempts', 'sessions', 'users', 'brands', 'organizations']) {
    await knex.schema.dropTableIfExists(table);
  }
}
