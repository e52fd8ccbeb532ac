import assert from 'node:assert/strict';
import { shuffle, sortByFilename, sortByUploadTime, sortSlides } from './sort.ts';

const s = (id: number, origPath: string | null) => ({ id, origPath });
const names = (list: { origPath: string | null }[]) => list.map((x) => x.origPath);

describe('sorting all slides', () => {
  it('sorts by file name ignoring case and comparing numbers by value', () => {
    const sorted = sortByFilename([s(1, 'IMG10.jpg'), s(2, 'img2.jpg'), s(3, 'Beach.JPG'), s(4, 'apple.png'), s(5, 'img1.jpg')]);
    assert.deepEqual(names(sorted), ['apple.png', 'Beach.JPG', 'img1.jpg', 'img2.jpg', 'IMG10.jpg']);
  });

  it('puts slides without a file name (text slides) after the named ones', () => {
    assert.deepEqual(names(sortByFilename([s(1, null), s(2, 'b.jpg'), s(3, 'a.jpg')])), ['a.jpg', 'b.jpg', null]);
  });

  it('sorts by upload time using the slide id', () => {
    assert.deepEqual(sortByUploadTime([s(5, 'a'), s(2, 'b'), s(9, 'c')]).map((x) => x.id), [2, 5, 9]);
  });

  it('shuffles with the given random source and keeps every slide', () => {
    const list = [1, 2, 3, 4, 5];
    const out = shuffle(list, () => 0);
    assert.deepEqual(out, [2, 3, 4, 5, 1]);
    assert.deepEqual([...shuffle(list)].sort(), list);
  });

  it("keeps the first slide in place when 'Don't move first slide' is on", () => {
    const list = [s(7, 'z.jpg'), s(3, 'b.jpg'), s(5, 'a.jpg')];
    assert.deepEqual(sortSlides(list, 'filename', true).map((x) => x.id), [7, 5, 3]);
    assert.deepEqual(sortSlides(list, 'filename', false).map((x) => x.id), [5, 3, 7]);
    assert.deepEqual(sortSlides(list, 'reverse', true).map((x) => x.id), [7, 5, 3]);
    assert.deepEqual(sortSlides(list, 'reverse', false).map((x) => x.id), [5, 3, 7]);
    assert.deepEqual(sortSlides(list, 'uploadTime', false).map((x) => x.id), [3, 5, 7]);
    assert.equal(sortSlides(list, 'shuffle', true, () => 0.5)[0].id, 7);
  });
});
