import type { Db } from '../db/database.ts';
import type { RenderPlan } from '../render/compile/render-plan.ts';

export type RenderKind = 'hd' | 'web' | 'dvd' | 'preview';
export type RenderStatus = 'queued' | 'rendering' | 'assembling' | 'done' | 'failed';

export interface RenderRow {
  id: number;
  video_id: number;
  kind: RenderKind;
  hash: string;
  status: RenderStatus;
  progress: number;
  message: string;
  error: string | null;
  plan: RenderPlan | null;
  source_render_id: number | null;
  file_key: string | null;
  bytes: number | null;
  duration: number | null;
  cover_key: string | null;
  snapshot_key: string | null;
  token: string | null;
  finished_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface TaskRow {
  render_id: number;
  task: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  worker: string | null;
  error: string | null;
  /** When its job was last sent. */
  sent_at: Date | null;
  /** A worker holds it until then (its job's expiry): a second delivery meanwhile is not run or counted. */
  running_until: Date | null;
}

export interface SegmentCacheRow {
  hash: string;
  profile: string;
  file_key: string;
  bytes: number;
  render_seconds: number | null;
  worker: string | null;
}

const ACTIVE: RenderStatus[] = ['queued', 'rendering', 'assembling'];

/** What a decision taken under a video's row lock may read and write. */
export interface LockedRenders {
  latest(videoId: number, kind: RenderKind): Promise<RenderRow | undefined>;
  create(values: Pick<RenderRow, 'video_id' | 'kind' | 'hash'> & Partial<RenderRow>, tasks: string[]): Promise<RenderRow>;
  retireActive(videoId: number, kind: RenderKind, message: string): Promise<void>;
}

/** The render tables: renders, their work items and the shared segment cache. */
export function renderRecordRepository(db: Db) {
  return {
    /**
     * Runs `decide` in a transaction holding the video's row lock, so two jobs of one video (a double finalize,
     * the watchdog's re-send) decide one after the other and see each other's renders. `decide` must use only the
     * repository it is given: the video row stays locked until it returns.
     */
    async forVideo<T>(videoId: number, decide: (tx: LockedRenders) => Promise<T>): Promise<T> {
      return db.transaction(async (trx) => {
        await trx('videos').where({ id: videoId }).forUpdate().first('id');
        return decide(renderRecordRepository(trx));
      });
    },
    /** Stops a video's renders of a kind still in progress (a newer one replaces them); their jobs then do nothing. */
    async retireActive(videoId: number, kind: RenderKind, message: string): Promise<void> {
      await db('renders')
        .where({ video_id: videoId, kind })
        .whereIn('status', ACTIVE)
        .update({ status: 'failed', message, error: 'superseded', finished_at: db.fn.now(), updated_at: db.fn.now() });
    },
    async find(id: number): Promise<RenderRow | undefined> {
      return db<RenderRow>('renders').where({ id }).first();
    },
    async findByToken(token: string): Promise<RenderRow | undefined> {
      return db<RenderRow>('renders').where({ token }).first();
    },
    /** The newest render of a kind for a video. */
    async latest(videoId: number, kind: RenderKind): Promise<RenderRow | undefined> {
      return db<RenderRow>('renders').where({ video_id: videoId, kind }).orderBy('id', 'desc').first();
    },
    /** The newest finished render of a kind for a video. */
    async latestDone(videoId: number, kind: RenderKind): Promise<RenderRow | undefined> {
      return db<RenderRow>('renders').where({ video_id: videoId, kind, status: 'done' }).orderBy('id', 'desc').first();
    },
    async latestForVideos(videoIds: number[], kind: RenderKind): Promise<RenderRow[]> {
      if (!videoIds.length) return [];
      return db<RenderRow>('renders')
        .distinctOn('video_id')
        .whereIn('video_id', videoIds)
        .where({ kind })
        .orderBy([{ column: 'video_id' }, { column: 'id', order: 'desc' }])
        .select('id', 'video_id', 'kind', 'status', 'progress', 'message', 'error', 'hash', 'created_at', 'updated_at', 'finished_at');
    },
    async create(values: Pick<RenderRow, 'video_id' | 'kind' | 'hash'> & Partial<RenderRow>, tasks: string[]): Promise<RenderRow> {
      return db.transaction(async (trx) => {
        const [row] = await trx('renders')
          .insert({ ...values, plan: values.plan ? JSON.stringify(values.plan) : null })
          .returning('*');
        if (tasks.length) await trx('render_tasks').insert(tasks.map((task) => ({ render_id: row.id, task })));
        return row as RenderRow;
      });
    },
    async update(id: number, values: Partial<Omit<RenderRow, 'plan'>>): Promise<void> {
      await db('renders').where({ id }).update({ ...values, updated_at: db.fn.now() });
    },
    /** Moves a render on only from the state named, so two workers never both take the same step. */
    async advance(id: number, from: RenderStatus[], values: Partial<Omit<RenderRow, 'plan'>>): Promise<boolean> {
      const n = await db('renders').where({ id }).whereIn('status', from).update({ ...values, updated_at: db.fn.now() });
      return n > 0;
    },
    async tasks(renderId: number): Promise<TaskRow[]> {
      return db<TaskRow>('render_tasks').where({ render_id: renderId });
    },
    /**
     * Counts an attempt at a task, marks it running and holds it for `holdSeconds`; answers the attempt number, or
     * 0 when there is nothing to do: the task is done, or another delivery of its job holds it (a re-sent
     * duplicate), which is then neither run nor counted.
     */
    async startTask(renderId: number, task: string, worker: string, holdSeconds: number): Promise<number> {
      const { rows } = await db.raw<{ rows: { attempts: number }[] }>(
        `INSERT INTO render_tasks (render_id, task, state, attempts, worker, started_at, running_until)
         VALUES (?, ?, 'running', 1, ?, now(), now() + make_interval(secs => ?))
         ON CONFLICT (render_id, task) DO UPDATE SET
           state = 'running', attempts = render_tasks.attempts + 1, worker = excluded.worker, started_at = now(), running_until = excluded.running_until
         WHERE render_tasks.state <> 'done' AND NOT (render_tasks.state = 'running' AND coalesce(render_tasks.running_until > now(), false))
         RETURNING attempts`,
        [renderId, task, worker, Math.max(1, holdSeconds)],
      );
      return rows[0]?.attempts ?? 0;
    },
    /** Pushes a running task's hold forward while its worker is alive: false when the task is no longer its. */
    async extendTask(renderId: number, task: string, worker: string, holdSeconds: number): Promise<boolean> {
      const changed = await db('render_tasks')
        .where({ render_id: renderId, task, worker, state: 'running' })
        .update({ running_until: db.raw('now() + make_interval(secs => ?)', [Math.max(1, holdSeconds)]) });
      return changed > 0;
    },
    /** Adds a task once: true only for the caller that added it, so one worker queues the step. */
    async claimTask(renderId: number, task: string): Promise<boolean> {
      const rows = await db('render_tasks').insert({ render_id: renderId, task, sent_at: db.fn.now() }).onConflict(['render_id', 'task']).ignore().returning('task');
      return rows.length > 0;
    },
    /**
     * Of the tasks named, the ones whose job should be sent now (their send time is then noted): not done, not
     * held by a worker, and not sent within `resendAfterSeconds` (a job sent that recently is still waiting in
     * the queue). Two callers never both get the same task.
     */
    async claimSends(renderId: number, tasks: string[], resendAfterSeconds: number): Promise<string[]> {
      if (!tasks.length) return [];
      const rows = await db('render_tasks')
        .where({ render_id: renderId })
        .whereIn('task', tasks)
        .whereNot('state', 'done')
        .where((q) => q.whereNull('running_until').orWhere('running_until', '<=', db.fn.now()))
        .where((q) => q.whereNull('sent_at').orWhere('sent_at', '<=', db.raw(`now() - make_interval(secs => ?)`, [resendAfterSeconds])))
        .update({ sent_at: db.fn.now() })
        .returning<{ task: string }[]>('task');
      return rows.map((r) => r.task);
    },
    async finishTask(renderId: number, task: string, state: TaskRow['state'], error: string | null = null): Promise<void> {
      await db('render_tasks').where({ render_id: renderId, task }).update({ state, error, running_until: null, finished_at: db.fn.now() });
    },
    /** Marks tasks whose output the shared cache already holds as done, unless they are done already. */
    async finishCached(renderId: number, tasks: string[]): Promise<void> {
      await db('render_tasks').where({ render_id: renderId }).whereIn('task', tasks).whereNot({ state: 'done' }).update({ state: 'done', error: null, running_until: null, finished_at: db.fn.now() });
    },
    /** How many of the render's tasks named like `prefix%` are done, of how many. */
    async progress(renderId: number, prefix: string): Promise<{ done: number; total: number }> {
      const row = await db('render_tasks')
        .where({ render_id: renderId })
        .where('task', 'like', `${prefix}%`)
        .select(db.raw(`count(*) FILTER (WHERE state = 'done')::int AS done`), db.raw('count(*)::int AS total'))
        .first<{ done: number; total: number }>();
      return row ?? { done: 0, total: 0 };
    },
    async cachedSegment(hash: string): Promise<SegmentCacheRow | undefined> {
      return db<SegmentCacheRow>('render_segments').where({ hash }).first();
    },
    async saveSegment(row: SegmentCacheRow): Promise<void> {
      await db('render_segments').insert({ ...row, last_used_at: db.fn.now() }).onConflict('hash').merge(['file_key', 'bytes', 'render_seconds', 'worker', 'last_used_at']);
    },
    async touchSegments(hashes: string[]): Promise<void> {
      if (hashes.length) await db('render_segments').whereIn('hash', hashes).update({ last_used_at: db.fn.now() });
    },
    async dropSegment(hash: string): Promise<void> {
      await db('render_segments').where({ hash }).delete();
    },
    async unusedSegments(before: Date, limit: number): Promise<SegmentCacheRow[]> {
      return db<SegmentCacheRow>('render_segments').where('last_used_at', '<', before).orderBy('last_used_at').limit(limit);
    },
    /** Finished renders older than the newest of their video and kind, and every render of a purged video. */
    async superseded(before: Date, limit: number): Promise<RenderRow[]> {
      return db<RenderRow>('renders as r')
        .where('r.updated_at', '<', before)
        .whereIn('r.status', ['done', 'failed'])
        .whereExists(function newer() {
          this.from('renders as n').whereRaw('n.video_id = r.video_id AND n.kind = r.kind AND n.id > r.id').whereIn('n.status', ['done']);
        })
        .select('r.*')
        .limit(limit);
    },
    async remove(id: number): Promise<void> {
      await db('renders').where({ id }).delete();
    },
    /** Renders changed since `since`, any status (the prune looks in their folders for what dead workers left). */
    async changedSince(since: Date): Promise<Pick<RenderRow, 'id' | 'video_id'>[]> {
      return db('renders').where('updated_at', '>=', since).select('id', 'video_id');
    },
    /** Renders in progress whose last change is older than `before`: their worker is gone for good. */
    async stalled(before: Date): Promise<RenderRow[]> {
      return db<RenderRow>('renders').whereIn('status', ['queued', 'rendering', 'assembling']).where('updated_at', '<', before).whereNot('kind', 'dvd');
    },
    /** Finalized videos (in the queue a minute or more, not finished) with no HD render since: their job was lost. */
    async finalizedWithoutRender(limit: number): Promise<number[]> {
      const rows = await db('videos as v')
        .whereNotNull('v.date_in_queue')
        .whereNull('v.deleted_at')
        .where('v.finished', false)
        .where('v.date_in_queue', '<', db.raw(`now() - interval '1 minute'`))
        .whereNotExists(function rendered() {
          this.from('renders as r').whereRaw(`r.video_id = v.id AND r.kind = 'hd' AND r.created_at >= v.date_in_queue`);
        })
        .orderBy('v.date_in_queue')
        .limit(limit)
        .select<{ id: number }[]>('v.id');
      return rows.map((r) => r.id);
    },
    /**
     * Finalized, unfinished videos whose newest HD render finished over a minute ago: the worker died between the
     * join and what follows it (marking the video finished, queueing the web video).
     */
    async doneButUnfinished(limit: number): Promise<number[]> {
      const rows = await db('videos as v')
        .join(
          db('renders').distinctOn('video_id').where({ kind: 'hd' }).orderBy([{ column: 'video_id' }, { column: 'id', order: 'desc' }]).select('video_id', 'status', 'finished_at').as('r'),
          'r.video_id',
          'v.id',
        )
        .whereNotNull('v.date_in_queue')
        .whereNull('v.deleted_at')
        .where('v.finished', false)
        .where('r.status', 'done')
        .where('r.finished_at', '<', db.raw(`now() - interval '1 minute'`))
        .limit(limit)
        .select<{ id: number }[]>('v.id');
      return rows.map((r) => r.id);
    },
    /** Segment hashes a render still needs (so pruning leaves them). */
    async segmentHashesInUse(): Promise<Set<string>> {
      const rows = await db('renders').whereIn('status', ['queued', 'rendering', 'assembling']).whereNotNull('plan').select<{ plan: RenderPlan }[]>('plan');
      return new Set(rows.flatMap((r) => [...(r.plan.hashes ?? []), r.plan.audioHash]));
    },
  };
}

export type RenderRecordRepository = ReturnType<typeof renderRecordRepository>;
