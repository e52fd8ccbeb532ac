import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('themes', (t) => {
    t.integer('id').primary(); // fixed ids: 1 is the Custom Theme Base
    t.string('theme_title', 250).notNullable();
    t.string('tags', 500).notNullable().defaultTo('');
    t.boolean('debug').notNullable().defaultTo(false); // unreleased
    t.boolean('disabled').notNullable().defaultTo(false);
    t.integer('default_transition_id');
    t.integer('default_effect_id');
    t.float('cover_ratio').notNullable().defaultTo(16 / 9);
    t.float('intro_length').notNullable().defaultTo(0); // seconds
    t.float('outro_length').notNullable().defaultTo(0); // seconds
    t.jsonb('design').notNullable().defaultTo('{}'); // fonts, colours, art family and parameters
    t.timestamps(true, true);
  });

  await knex.schema.createTable('custom_themes', (t) => {
    t.increments('id');
    t.integer('theme_id').notNullable().references('themes.id');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.integer('organization_id').references('organizations.id').onDelete('CASCADE');
    t.string('title', 250).notNullable().defaultTo('');
    t.jsonb('design').notNullable().defaultTo('{}');
    t.timestamp('deleted_at', { useTz: true });
    t.timestamps(true, true);
  });

  await knex.schema.createTable('look_modifiers', (t) => {
    t.string('type', 20).notNullable(); // transition | effect | overlay | border | background
    t.integer('id').notNullable();
    t.string('label', 100).notNullable();
    t.integer('position').notNullable();
    t.string('direction', 20);
    t.boolean('enabled').notNullable().defaultTo(true);
    t.jsonb('params').notNullable().defaultTo('{}');
    t.primary(['type', 'id']);
  });

  await knex.schema.createTable('videos', (t) => {
    t.increments('id');
    t.string('video_code', 64).notNullable().unique();
    t.string('security_hash', 64).notNullable().unique(); // family upload link
    t.integer('organization_id').references('organizations.id').onDelete('SET NULL');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.integer('brand_id').references('brands.id').onDelete('SET NULL');
    t.boolean('use_logo').notNullable().defaultTo(false);
    t.string('title', 250).notNullable().defaultTo('');
    t.string('subtitle', 250).notNullable().defaultTo('');
    t.string('intro_text', 250).notNullable().defaultTo('');
    t.string('billing_id', 250).notNullable().defaultTo('');
    t.integer('theme_id').notNullable().defaultTo(0);
    t.integer('custom_theme_id').references('custom_themes.id').onDelete('SET NULL');
    // family upload link
    t.smallint('upload_link_access_level').notNullable().defaultTo(0);
    t.text('upload_link_note').notNullable().defaultTo('');
    t.integer('upload_link_limit');
    t.boolean('upload_link_allow_music_upload').notNullable().defaultTo(false);
    t.boolean('upload_link_done_button').notNullable().defaultTo(false);
    t.string('upload_link_done_email', 320).notNullable().defaultTo('');
    t.boolean('family_upload_finished').notNullable().defaultTo(false);
    t.timestamp('last_family_upload', { useTz: true });
    // music timing
    t.boolean('automatic_timing').notNullable().defaultTo(true);
    t.float('slide_time').notNullable().defaultTo(9);
    t.boolean('repeat_music').notNullable().defaultTo(false);
    // look chosen for the whole video: {transition: {id: true}, effect: {...}, overlay: {...}, border: {...}}
    t.jsonb('customizations').notNullable().defaultTo('{}');
    t.integer('background_id');
    t.boolean('caption_remove_backdrop').notNullable().defaultTo(false);
    // lifecycle and finished video
    t.timestamp('date_in_queue', { useTz: true });
    t.boolean('finished').notNullable().defaultTo(false);
    t.timestamp('deleted_at', { useTz: true });
    t.boolean('hide_embed').notNullable().defaultTo(false);
    t.boolean('embed_hide_buy').notNullable().defaultTo(false);
    t.boolean('override_length_limit').notNullable().defaultTo(false);
    t.float('video_duration'); // seconds
    t.integer('viewed').notNullable().defaultTo(0);
    t.string('dvd_path', 500);
    t.bigInteger('hd_size');
    t.bigInteger('iso_size');
    t.string('obit_url', 1000);
    t.string('foreign_id', 250);
    t.string('postback_url', 1000);
    t.string('order_postback_url', 1000);
    t.boolean('is_sor').notNullable().defaultTo(false);
    t.bigInteger('update_id').notNullable().defaultTo(0); // live-sync change counter
    t.timestamps(true, true);
    t.index(['organization_id', 'deleted_at']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('slides', (t) => {
    t.increments('id');
    t.integer('video_id').notNullable().references('videos.id').onDelete('CASCADE');
    t.integer('position').notNullable().defaultTo(0);
    t.string('upload_id', 100);
    t.boolean('is_text').notNullable().defaultTo(false);
    t.boolean('is_video').notNullable().defaultTo(false);
    t.integer('stock_video_id');
    t.string('orig_path', 500);
    t.string('orig_filename', 500);
    t.string('mime', 100);
    t.string('sha256', 64);
    t.integer('width');
    t.integer('height');
    t.bigInteger('bytes');
    t.timestamp('datetime', { useTz: true });
    t.string('processing_state', 20).notNullable().defaultTo('ready'); // pending | ready | failed
    t.text('processing_error');
    t.integer('angle').notNullable().defaultTo(0);
    t.jsonb('crop'); // {x1, x2, y1, y2} in 0..32000 crop space; null is the full photo
    t.integer('hue').notNullable().defaultTo(0);
    t.integer('brightness').notNullable().defaultTo(100);
    t.integer('contrast').notNullable().defaultTo(100);
    t.integer('saturation').notNullable().defaultTo(100);
    t.jsonb('redeyes').notNullable().defaultTo('[]');
    t.jsonb('blemishes').notNullable().defaultTo('[]');
    t.float('straighten').notNullable().defaultTo(0);
    t.boolean('enhance').notNullable().defaultTo(false);
    t.boolean('has_been_edited').notNullable().defaultTo(false);
    t.float('clip_start');
    t.float('clip_end');
    t.float('clip_duration');
    t.integer('clip_volume').notNullable().defaultTo(100);
    t.integer('duck_volume').notNullable().defaultTo(30);
    t.string('font', 100);
    t.integer('font_size').notNullable().defaultTo(50);
    t.string('caption_position', 1).notNullable().defaultTo('2');
    t.boolean('caption_remove_backdrop').notNullable().defaultTo(false);
    t.integer('slide_background');
    t.text('slide_caption').notNullable().defaultTo('');
    t.integer('effect_id').notNullable().defaultTo(0);
    t.integer('overlay_id').notNullable().defaultTo(0);
    t.integer('border_id').notNullable().defaultTo(0);
    t.integer('transition_id').notNullable().defaultTo(0);
    t.boolean('user_set_effect').notNullable().defaultTo(false);
    t.boolean('user_set_overlay').notNullable().defaultTo(false);
    t.boolean('user_set_border').notNullable().defaultTo(false);
    t.boolean('user_set_transition').notNullable().defaultTo(false);
    t.jsonb('effect_data');
    t.float('slide_time');
    t.boolean('user_set_slide_time').notNullable().defaultTo(false);
    t.boolean('duplicate');
    t.string('fingerprint', 32);
    t.timestamp('deleted_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['video_id', 'position']);
  });

  await knex.schema.createTable('stock_songs', (t) => {
    t.increments('id');
    t.string('song_name', 250).notNullable();
    t.string('artist_name', 250).notNullable().defaultTo('');
    t.float('song_length').notNullable().defaultTo(0);
    t.string('file_path', 500);
    t.string('preview_path', 500);
    t.string('composition_key', 100); // generator name and version, so renders are cached
    t.boolean('disabled').notNullable().defaultTo(false);
    t.boolean('premium').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });

  await knex.schema.createTable('stock_song_categories', (t) => {
    t.increments('id');
    t.string('name', 250).notNullable();
    t.integer('position').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('stock_song_category_links', (t) => {
    t.increments('id');
    t.integer('stock_song_category_id').notNullable().references('stock_song_categories.id').onDelete('CASCADE');
    t.integer('stock_song_id').notNullable().references('stock_songs.id').onDelete('CASCADE');
    t.unique(['stock_song_category_id', 'stock_song_id']);
  });

  await knex.schema.createTable('songs', (t) => {
    t.increments('id');
    t.integer('video_id').notNullable().references('videos.id').onDelete('CASCADE');
    t.integer('position').notNullable().defaultTo(0);
    t.integer('stock_song_id').references('stock_songs.id').onDelete('SET NULL');
    t.string('song_orig_name', 500).notNullable().defaultTo('');
    t.string('title', 250).notNullable().defaultTo('');
    t.string('artist', 250).notNullable().defaultTo('');
    t.string('file_path', 500);
    t.string('preview_path', 500);
    t.float('song_length').notNullable().defaultTo(0);
    t.integer('volume').notNullable().defaultTo(100);
    t.float('trim_start').notNullable().defaultTo(0);
    t.float('trim_end').notNullable().defaultTo(0);
    t.boolean('crossfade').notNullable().defaultTo(false);
    t.timestamp('deleted_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['video_id', 'position']);
  });

  await knex.schema.createTable('stock_text_categories', (t) => {
    t.increments('id');
    t.string('name', 250).notNullable();
  });
  await knex.schema.createTable('stock_texts', (t) => {
    t.increments('id');
    t.string('text_title', 250).notNullable();
    t.string('author_name', 250).notNullable().defaultTo('');
    t.text('text').notNullable();
    t.boolean('disabled').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  await knex.schema.createTable('stock_text_category_links', (t) => {
    t.increments('id');
    t.integer('stock_text_category_id').notNullable().references('stock_text_categories.id').onDelete('CASCADE');
    t.integer('stock_text_id').notNullable().references('stock_texts.id').onDelete('CASCADE');
    t.unique(['stock_text_category_id', 'stock_text_id']);
  });

  await knex.schema.createTable('stock_videos', (t) => {
    t.increments('id');
    t.string('video_title', 250).notNullable();
    t.string('tags', 500).notNullable().defaultTo('');
    t.string('file_path', 500);
    t.string('thumb_path', 500);
    t.string('preview_path', 500);
    t.float('duration');
    t.integer('theme_id'); // suggested with this theme
    t.boolean('disabled').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });

  await knex.schema.createTable('products', (t) => {
    t.increments('id');
    t.string('product_title', 250).notNullable();
    t.string('product_thumb_image', 250).notNullable().defaultTo('');
    t.string('kind', 30).notNullable().defaultTo('dvd'); // dvd | usb | bluray | download
    t.integer('price_cents').notNullable().defaultTo(0);
    t.boolean('physical').notNullable().defaultTo(true);
    t.boolean('enabled').notNullable().defaultTo(true);
    t.timestamps(true, true);
  });

  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.integer('video_id').notNullable().references('videos.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('SET NULL'); // null: retail customer
    t.integer('organization_id').references('organizations.id').onDelete('SET NULL');
    t.boolean('stock_eula').notNullable().defaultTo(false);
    t.string('customer_name', 250);
    t.string('customer_email', 320);
    t.timestamp('order_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamps(true, true);
    t.index(['user_id']);
    t.index(['video_id']);
  });

  await knex.schema.createTable('order_details', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('product_id').notNullable().references('products.id');
    t.integer('quantity').notNullable().defaultTo(1);
    t.timestamp('date_cancelled', { useTz: true });
    t.timestamp('shipped_date', { useTz: true });
    t.string('tracking', 250);
    t.string('tracking_url', 1000);
    t.timestamps(true, true);
    t.index(['order_id']);
  });

  await knex.schema.createTable('share_logs', (t) => {
    t.increments('id');
    t.integer('video_id').notNullable().references('videos.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.string('share_type', 50).notNullable().defaultTo('video');
    t.string('method', 20).notNullable(); // email | sms | copy | qr
    t.string('recipient', 320).notNullable().defaultTo('');
    t.timestamps(true, true);
    t.index(['video_id']);
  });

  await knex.schema.createTable('silks', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('label', 250).notNullable();
    t.string('device_id', 100).notNullable().unique();
    t.jsonb('status').notNullable().defaultTo('{}');
    t.timestamp('last_seen_at', { useTz: true });
    t.boolean('disabled').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  await knex.schema.createTable('video_silks', (t) => {
    t.integer('video_id').notNullable().references('videos.id').onDelete('CASCADE');
    t.integer('silk_id').notNullable().references('silks.id').onDelete('CASCADE');
    t.boolean('checked').notNullable().defaultTo(true);
    t.jsonb('status').notNullable().defaultTo('{}');
    t.primary(['video_id', 'silk_id']);
  });

  await knex.schema.createTable('favorites', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 20).notNullable(); // theme | stock_song
    t.integer('target_id').notNullable();
    t.timestamps(true, true);
    t.unique(['user_id', 'kind', 'target_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'favorites', 'video_silks', 'silks', 'share_logs', 'order_details', 'orders', 'products', 'stock_videos',
    'stock_text_category_links', 'stock_texts', 'stock_text_categories', 'songs', 'stock_song_category_links',
    'stock_song_categories', 'stock_songs', 'slides', 'videos', 'look_modifiers', 'custom_themes', 'themes',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
