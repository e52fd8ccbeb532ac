import assert from 'node:assert/strict';
import { PROCESSING_POLL_MS } from './processing-watch.ts';
import { ANALYSIS_TIMEOUT_MS, CLEAR_AFTER_MS, RESTART_AFTER_MS, UploadSession } from './session.ts';
import type { Clock, PreparedUpload, ProcessingRow, UploadEvents, UploadSource } from './session-types.ts';

class FakeClock implements Clock {
  time = 0;
  private seq = 0;
  private timers = new Map<number, { at: number; run: () => void }>();
  now = () => this.time;
  setTimeout = (run: () => void, ms: number) => {
    this.seq += 1;
    this.timers.set(this.seq, { at: this.time + ms, run });
    return this.seq;
  };
  clearTimeout = (handle: unknown) => {
    this.timers.delete(handle as number);
  };
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const next = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].run();
      await settle();
    }
    this.time = end;
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

class FakeUpload implements PreparedUpload {
  events?: UploadEvents;
  starts = 0;
  aborted: boolean | null = null;
  start(events: UploadEvents) {
    this.events = events;
    this.starts += 1;
  }
  abort(terminate: boolean) {
    this.aborted = terminate;
  }
}

function harness(options: { limit?: number | null; onServer?: number } = {}) {
  const clock = new FakeClock();
  const uploads = new Map<string, FakeUpload>();
  const processing = new Map<number, ProcessingRow>();
  let ids = 0;
  let changes = 0;
  const session = new UploadSession<UploadSource>({
    transport: {
      prepare: async (file) => {
        const upload = new FakeUpload();
        uploads.set(file.name, upload);
        return upload;
      },
    },
    fetchProcessing: async (slideIds) => slideIds.flatMap((id) => (processing.has(id) ? [processing.get(id)!] : [])),
    countSlides: async () => options.onServer ?? 0,
    newId: () => `u${++ids}`,
    clock,
  });
  session.configure({ onSlidesChanged: () => (changes += 1), limit: options.limit ?? null });
  const file = (name: string, size = 1000): UploadSource => ({ name, size, type: 'image/jpeg' });
  const item = (name: string) => session.getSnapshot().items.find((i) => i.fileName === name);
  return { clock, uploads, processing, session, file, item, changes: () => changes };
}

describe('upload session', () => {
  it('sends three files at once and starts the next as one finishes', async () => {
    const h = harness();
    await h.session.addFiles(['1.jpg', '2.jpg', '3.jpg', '4.jpg'].map((n) => h.file(n)));
    assert.deepEqual([...h.uploads.values()].map((u) => u.starts), [1, 1, 1, 0]);
    assert.equal(h.item('4.jpg')?.state, 'uploading');
    h.uploads.get('2.jpg')!.events!.success(12);
    assert.equal(h.uploads.get('4.jpg')!.starts, 1);
    assert.deepEqual(h.item('2.jpg'), { uploadId: 'u2', fileName: '2.jpg', size: 1000, progress: 1, state: 'processing', slideId: 12 });
  });

  it("leaves out '._' files", async () => {
    const h = harness();
    await h.session.addFiles([h.file('._1.jpg'), h.file('1.jpg')]);
    assert.deepEqual(h.session.getSnapshot().items.map((i) => i.fileName), ['1.jpg']);
  });

  it('shows loading while uploads are prepared', async () => {
    const h = harness();
    const adding = h.session.addFiles([h.file('1.jpg'), h.file('2.jpg')]);
    assert.equal(h.session.getSnapshot().summary.loadingLabel, 'Loading 2 files');
    await adding;
    assert.equal(h.session.getSnapshot().summary.loadingLabel, null);
  });

  it('reports progress and a smoothed speed sampled each second', async () => {
    const h = harness();
    await h.session.addFiles([h.file('1.jpg', 4_000_000)]);
    h.uploads.get('1.jpg')!.events!.progress(1_000_000, 4_000_000);
    await h.clock.advance(1000);
    assert.equal(h.item('1.jpg')?.progress, 0.25);
    assert.equal(h.session.getSnapshot().summary.label, 'Uploading at 8.0 mbps, 2.9 MB left');
    h.uploads.get('1.jpg')!.events!.progress(3_000_000, 4_000_000);
    await h.clock.advance(1000);
    assert.equal(h.session.getSnapshot().summary.label, 'Uploading at 10.4 mbps, 976.6 KB left');
  });

  it('refuses files over the upload limit without sending them', async () => {
    const h = harness({ limit: 3, onServer: 2 });
    await h.session.addFiles([h.file('1.jpg'), h.file('2.jpg')]);
    assert.equal(h.uploads.has('2.jpg'), false);
    assert.deepEqual(h.item('2.jpg')?.error, { message: 'Too many slides, limit is 3.', permanent: true });
    assert.equal(h.item('2.jpg')?.state, 'error');
    assert.deepEqual(h.session.getSnapshot().problems, [{ file: '2.jpg', message: 'Too many slides, limit is 3.', permanent: true }]);
  });

  it('counts files still sending from an earlier batch against the limit', async () => {
    const h = harness({ limit: 3, onServer: 1 });
    await h.session.addFiles([h.file('1.jpg'), h.file('2.jpg')]);
    await h.session.addFiles([h.file('3.jpg')]);
    assert.equal(h.item('3.jpg')?.state, 'error');
  });

  it('cancels with termination and drops the file', async () => {
    const h = harness();
    await h.session.addFiles([h.file('1.jpg'), h.file('2.jpg'), h.file('3.jpg'), h.file('4.jpg')]);
    h.session.cancel('u1');
    assert.equal(h.uploads.get('1.jpg')!.aborted, true);
    assert.equal(h.item('1.jpg'), undefined);
    assert.equal(h.uploads.get('4.jpg')!.starts, 1);
  });

  it('shows a passing trouble as a warning and clears it when the server accepts a chunk', async () => {
    const h = harness();
    await h.session.addFiles([h.file('1.jpg')]);
    const events = h.uploads.get('1.jpg')!.events!;
    events.retrying({ kind: 'network' });
    assert.equal(h.session.getSnapshot().problems[0]?.permanent, false);
    assert.equal(h.item('1.jpg')?.state, 'uploading');
    events.chunkAccepted();
    assert.deepEqual(h.session.getSnapshot().problems, []);
    assert.equal(h.item('1.jpg')?.error, undefined);
  });

  it('starts again by itself after the transport has spent its retries', async () => {
    const h = harness();
    await h.session.addFiles([h.file('1.jpg')]);
    const upload = h.uploads.get('1.jpg')!;
    upload.events!.failed({ kind: 'response', status: 503, body: null });
    assert.equal(h.item('1.jpg')?.error?.permanent, false);
    await h.clock.advance(RESTART_AFTER_MS);
    assert.equal(upload.starts, 2);
  });

  it('marks a file refused by the server as an error and frees its slot', async () => {
    const h = harness();
    await h.session.addFiles(['1.jpg', '2.jpg', '3.jpg', '4.jpg'].map((n) => h.file(n)));
    h.uploads.get('1.jpg')!.events!.failed({ kind: 'response', status: 415, body: JSON.stringify({ errors: ['Not a photo.'] }) });
    assert.deepEqual(h.item('1.jpg')?.error, { message: 'Not a photo.', permanent: true });
    assert.equal(h.uploads.get('4.jpg')!.starts, 1);
  });

  it('polls processing slides until ready, then completes and clears five seconds later', async () => {
    const h = harness();
    await h.session.addFiles([h.file('1.jpg')]);
    h.uploads.get('1.jpg')!.events!.success(7);
    assert.equal(h.changes(), 1);
    h.processing.set(7, { id: 7, processingState: 'pending', processingError: null });
    await h.clock.advance(PROCESSING_POLL_MS);
    assert.equal(h.session.getSnapshot().summary.label, 'Processing 1 file');
    h.processing.set(7, { id: 7, processingState: 'ready', processingError: null });
    await h.clock.advance(PROCESSING_POLL_MS);
    assert.equal(h.item('1.jpg')?.state, 'done');
    assert.equal(h.changes(), 2);
    assert.equal(h.session.getSnapshot().summary.label, 'Upload Complete');
    await h.clock.advance(CLEAR_AFTER_MS);
    assert.deepEqual(h.session.getSnapshot().items, []);
    assert.equal(h.session.getSnapshot().summary.label, null);
  });

  describe('with the photo analysis on', () => {
    /** One photo uploaded and processed as slide 7, with the analysis watched through `results`. */
    async function processed() {
      const h = harness();
      const results = new Set<number>();
      const watch = () => ({ finished: (id: number) => results.has(id) });
      const options = { onSlidesChanged: () => undefined, limit: null };
      h.session.configure({ ...options, analysis: watch() });
      await h.session.addFiles([h.file('1.jpg')]);
      h.uploads.get('1.jpg')!.events!.success(7);
      h.processing.set(7, { id: 7, processingState: 'ready', processingError: null });
      await h.clock.advance(PROCESSING_POLL_MS);
      // A result coming in gives the workspace a new watch.
      const found = (id: number) => {
        results.add(id);
        h.session.configure({ ...options, analysis: watch() });
      };
      return { ...h, found };
    }

    it("shows 'Analyzing N files' as its third bar, and clears five seconds after the analysis, not before", async () => {
      const h = await processed();
      assert.equal(h.session.getSnapshot().summary.label, 'Upload Complete');
      assert.deepEqual(h.session.getSnapshot().summary.analysis, { label: 'Analyzing 1 file', progress: 0 });
      await h.clock.advance(CLEAR_AFTER_MS * 2);
      assert.equal(h.session.getSnapshot().items.length, 1, 'kept while the photo is analysed');
      h.found(7);
      assert.deepEqual(h.session.getSnapshot().summary.analysis, { label: null, progress: 1 });
      await h.clock.advance(CLEAR_AFTER_MS - 1);
      assert.equal(h.session.getSnapshot().items.length, 1);
      await h.clock.advance(1);
      assert.deepEqual(h.session.getSnapshot().items, []);
      assert.equal(h.session.getSnapshot().summary.analysis, null);
    });

    it('gives up on a photo without a result after 30 seconds', async () => {
      const h = await processed();
      await h.clock.advance(ANALYSIS_TIMEOUT_MS - 1);
      assert.equal(h.session.getSnapshot().summary.analysis?.label, 'Analyzing 1 file');
      await h.clock.advance(1);
      assert.equal(h.session.getSnapshot().summary.analysis?.label, null);
      await h.clock.advance(CLEAR_AFTER_MS);
      assert.deepEqual(h.session.getSnapshot().items, []);
    });
  });

  it("turns a failed processing into a permanent problem with the server's message", async () => {
    const h = harness();
    await h.session.addFiles([h.file('clip.mov')]);
    h.uploads.get('clip.mov')!.events!.success(9);
    h.processing.set(9, { id: 9, processingState: 'failed', processingError: 'This video could not be read.' });
    await h.clock.advance(PROCESSING_POLL_MS);
    assert.deepEqual(h.session.getSnapshot().problems, [{ file: 'clip.mov', message: 'This video could not be read.', permanent: true }]);
  });

  it('looks at processing slides at once when asked', async () => {
    const h = harness();
    await h.session.addFiles([h.file('1.jpg')]);
    h.uploads.get('1.jpg')!.events!.success(7);
    h.processing.set(7, { id: 7, processingState: 'ready', processingError: null });
    h.session.checkProcessing();
    await settle();
    assert.equal(h.item('1.jpg')?.state, 'done');
  });

  it('keeps problems after the session clears, until dismissed', async () => {
    const h = harness();
    await h.session.addFiles([h.file('1.jpg')]);
    h.uploads.get('1.jpg')!.events!.failed({ kind: 'response', status: 413, body: null });
    assert.deepEqual(h.session.getSnapshot().items, []);
    assert.equal(h.session.getSnapshot().problems.length, 1);
    h.session.dismissProblems();
    assert.deepEqual(h.session.getSnapshot().problems, []);
  });

  it('cancels what is still sending when disposed', async () => {
    const h = harness();
    await h.session.addFiles([h.file('1.jpg')]);
    h.session.dispose();
    assert.equal(h.uploads.get('1.jpg')!.aborted, true);
  });
});
