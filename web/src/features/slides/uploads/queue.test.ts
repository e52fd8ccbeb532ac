import assert from 'node:assert/strict';
import { isIgnoredFile, nextToStart, overLimit, type QueueEntry } from './queue.ts';

const entry = (id: string, over: Partial<QueueEntry> = {}): QueueEntry => ({ id, waiting: true, prepared: true, running: false, ...over });

describe('upload queue', () => {
  it('starts three files at once, oldest first', () => {
    assert.deepEqual(nextToStart(['a', 'b', 'c', 'd', 'e'].map((id) => entry(id))), ['a', 'b', 'c']);
  });

  it('starts the next waiting file when a slot frees', () => {
    const entries = [entry('a', { waiting: false }), entry('b', { running: true }), entry('c', { running: true }), entry('d'), entry('e')];
    assert.deepEqual(nextToStart(entries), ['d']);
  });

  it('skips files whose upload is not prepared yet', () => {
    assert.deepEqual(nextToStart([entry('a', { prepared: false }), entry('b')]), ['b']);
  });

  it('starts nothing while three run', () => {
    assert.deepEqual(nextToStart([entry('a', { running: true }), entry('b', { running: true }), entry('c', { running: true }), entry('d')]), []);
  });

  it("ignores macOS '._' metadata files", () => {
    assert.equal(isIgnoredFile('._IMG_0001.JPG'), true);
    assert.equal(isIgnoredFile('IMG_0001.JPG'), false);
  });
});

describe('local upload limit', () => {
  it('refuses the files that would take the non-deleted count past the limit', () => {
    assert.deepEqual(overLimit(5, 3, 0, ['a', 'b', 'c']), ['c']);
  });

  it('counts files of this page that are still on their way', () => {
    assert.deepEqual(overLimit(5, 3, 2, ['a']), ['a']);
  });

  it('allows a file that brings the count exactly to the limit', () => {
    assert.deepEqual(overLimit(4, 3, 0, ['a']), []);
  });
});
