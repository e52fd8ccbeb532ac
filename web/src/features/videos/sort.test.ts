import assert from 'node:assert/strict';
import { sortVideos, type SortableVideo } from './sort.ts';

const video = (id: number, title: string, organizationName: string, dateInQueue: string | null, viewed: number): SortableVideo => ({
  id,
  title,
  organizationName,
  dateInQueue,
  viewed,
});

const videos = [
  video(1, 'Chloé Dubois', 'Riverside', null, 0),
  video(2, 'anna-Lena Björk', 'Demo', '2026-03-01T10:00:00Z', 40),
  video(3, 'José Álvarez', 'demo', '2026-05-01T10:00:00Z', 12),
  video(4, 'Margaret Hughes', 'Alder', null, 0),
  video(5, 'Video 10', 'Alder', '2026-04-01T10:00:00Z', 12),
];
const ids = (key: Parameters<typeof sortVideos>[1], reverse = false) => sortVideos(videos, key, reverse).map((v) => v.id);

describe('videos list sort', () => {
  it('starts with the newest project under Project Start', () => {
    assert.deepEqual(ids('id'), [5, 4, 3, 2, 1]);
  });

  it('sorts titles and organizations alphabetically, ignoring case and accents', () => {
    assert.deepEqual(ids('title'), [2, 1, 3, 4, 5]);
    // Ties (Alder, Demo/demo) keep the newest project first.
    assert.deepEqual(ids('organizationName'), [5, 4, 3, 2, 1]);
  });

  it('puts the latest generated first and unfinished videos last under Last Generated', () => {
    assert.deepEqual(ids('dateInQueue'), [3, 5, 2, 4, 1]);
  });

  it('keeps unfinished videos last when reversed', () => {
    assert.deepEqual(ids('dateInQueue', true), [2, 5, 3, 1, 4]);
  });

  it('puts the most viewed first under Views, and reverses every choice', () => {
    assert.deepEqual(ids('viewed'), [2, 5, 3, 4, 1]);
    assert.deepEqual(ids('viewed', true), [1, 4, 3, 5, 2]);
    assert.deepEqual(ids('id', true), [1, 2, 3, 4, 5]);
    assert.deepEqual(ids('title', true), [5, 4, 3, 1, 2]);
  });
});
