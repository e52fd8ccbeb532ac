import type { Knex } from 'knex';

/**
 * Change versions of the things the big read answers are made of (http/cached-answer.ts): a row per scope, kept by
 * the database itself so that every writer (any server process, the render workers, a psql session) moves them.
 *
 * Scopes, as `kind:id`:
 *   video:V   the video's row, its slides and its renders (slide list, generation status)
 *   org:O     the organization's row and its videos, their slides and orders (videos list, dashboard); 0 is "none"
 *   looks:0   look_modifiers (the slide list's meta); products:0 products (the dashboard's order lines)
 *   epoch:0   everything: moved by a TRUNCATE of any watched table
 * Two kinds are only notes that the flush turns into org scopes: vorg:V (the organization of video V) and order:N
 * (the organization of order N's video), so a render's progress moves its video but not its organization's lists.
 *
 * How: a statement trigger per table and event (answer_note_<table>) notes the scopes its rows touch in a transaction-local setting,
 * and on the transaction's first note inserts a marker row into answer_flushes. The marker's constraint trigger is
 * deferred to the commit, where it bumps every noted scope once, in (kind, id) order, to a fresh value of one
 * sequence. So a version row is locked only between the commit's trigger and the commit itself (writers of one
 * organization do not queue behind each other's open transactions), every transaction takes these locks in the
 * same order (no deadlock between them), and a version is visible exactly when the change it stands for is. The
 * value is taken after the row's lock (ON CONFLICT DO UPDATE), so each scope's versions only grow: a sum over all
 * organizations' rows is a version of "every organization" (the super user's list).
 */

/** Per watched table: the scopes of one changed row `r`, as an SQL text[] expression. */
const WATCHED: Record<string, string> = {
  videos: `ARRAY['video:' || r.id, 'org:' || coalesce(r.organization_id, 0)]`,
  slides: `ARRAY['video:' || r.video_id, 'vorg:' || r.video_id]`,
  renders: `ARRAY['video:' || r.video_id]`,
  orders: `ARRAY['vorg:' || r.video_id]`,
  order_details: `ARRAY['order:' || r.order_id]`,
  organizations: `ARRAY['org:' || r.id]`,
  products: `ARRAY['products:0']`,
  look_modifiers: `ARRAY['looks:0']`,
};

const EVENTS = [
  { event: 'INSERT', referencing: 'NEW TABLE AS new_rows' },
  { event: 'UPDATE', referencing: 'OLD TABLE AS old_rows NEW TABLE AS new_rows' },
  { event: 'DELETE', referencing: 'OLD TABLE AS old_rows' },
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE SEQUENCE answer_version_seq;
    CREATE TABLE answer_versions (
      kind text NOT NULL,
      id bigint NOT NULL,
      version bigint NOT NULL,
      PRIMARY KEY (kind, id)
    );
    CREATE TABLE answer_flushes (id bigserial PRIMARY KEY);

    -- Adds scopes to this transaction's pending set; the transaction's first note also schedules the flush. The
    -- setting is written before the marker: were constraints set immediate, the marker's trigger would flush at once.
    CREATE FUNCTION answer_note(scopes text[]) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      pending text := coalesce(current_setting('tribute.answer_scopes', true), '');
    BEGIN
      IF scopes IS NULL OR cardinality(scopes) = 0 THEN RETURN; END IF;
      PERFORM set_config('tribute.answer_scopes',
        (SELECT string_agg(DISTINCT s, ' ') FROM unnest(string_to_array(pending, ' ') || scopes) AS s WHERE s <> ''), true);
      IF pending = '' THEN INSERT INTO answer_flushes DEFAULT VALUES; END IF;
    END $$;

    -- At commit: every pending scope gets a fresh version, notes resolved to their organizations, in one order.
    CREATE FUNCTION answer_flush() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      pending text[] := string_to_array(coalesce(current_setting('tribute.answer_scopes', true), ''), ' ');
    BEGIN
      PERFORM set_config('tribute.answer_scopes', '', true);
      DELETE FROM answer_flushes WHERE id = NEW.id;
      WITH noted AS (
        SELECT split_part(s, ':', 1) AS kind, split_part(s, ':', 2)::bigint AS id FROM unnest(pending) AS s WHERE s <> ''
      ), of_videos AS (
        SELECT id FROM noted WHERE kind = 'vorg'
        UNION SELECT o.video_id FROM orders AS o JOIN noted AS n ON n.kind = 'order' AND o.id = n.id
      ), scopes AS (
        SELECT kind, id FROM noted WHERE kind NOT IN ('vorg', 'order')
        UNION SELECT 'org', coalesce(v.organization_id, 0) FROM videos AS v JOIN of_videos AS w ON v.id = w.id
      )
      INSERT INTO answer_versions (kind, id, version)
      SELECT kind, id, nextval('answer_version_seq') FROM (SELECT kind, id FROM scopes ORDER BY kind, id) AS ordered
      ON CONFLICT (kind, id) DO UPDATE SET version = nextval('answer_version_seq');
      RETURN NULL;
    END $$;

    CREATE CONSTRAINT TRIGGER answer_flush AFTER INSERT ON answer_flushes
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION answer_flush();
  `);
  for (const [table, scopes] of Object.entries(WATCHED)) {
    // A function per table, its queries written out (not EXECUTEd), so each session plans them once.
    const note = (rows: string) => `PERFORM answer_note((SELECT array_agg(DISTINCT s) FROM ${rows} AS r CROSS JOIN unnest(${scopes}) AS s));`;
    await knex.raw(`
      CREATE FUNCTION answer_note_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${note('new_rows')}
        ELSIF TG_OP = 'DELETE' THEN ${note('old_rows')}
        ELSIF TG_OP = 'UPDATE' THEN ${note('(SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows)')}
        ELSE PERFORM answer_note(ARRAY['epoch:0']); -- TRUNCATE
        END IF;
        RETURN NULL;
      END $$;
    `);
    for (const { event, referencing } of EVENTS) {
      await knex.raw(
        `CREATE TRIGGER answer_note_${event.toLowerCase()} AFTER ${event} ON ${table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION answer_note_${table}()`,
      );
    }
    await knex.raw(`CREATE TRIGGER answer_note_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION answer_note_${table}()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(WATCHED)) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) await knex.raw(`DROP TRIGGER answer_note_${event} ON ${table}`);
    await knex.raw(`DROP FUNCTION answer_note_${table}()`);
  }
  await knex.raw(`
    DROP TABLE answer_flushes;
    DROP FUNCTION answer_flush();
    DROP FUNCTION answer_note(text[]);
    DROP TABLE answer_versions;
    DROP SEQUENCE answer_version_seq;
  `);
}
