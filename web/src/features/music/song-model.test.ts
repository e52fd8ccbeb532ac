import assert from 'node:assert/strict';
import { fromServer, fromUpload, isPreparing, nameOf, rowAction } from './song-model.ts';

const saved = fromServer({
  id: 7,
  stockSongId: null,
  songOrigName: 'Our Song.mp3',
  title: '',
  artist: 'Us',
  songLength: 201.5,
  previewUrl: '/p/7.mp3',
  volume: 100,
  trimStart: 0,
  trimEnd: 0,
  crossfade: false,
});

describe('songs in the manager', () => {
  it('titles an uploaded song after its file when it has no title', () => {
    assert.equal(saved.title, 'Our Song');
    assert.equal(nameOf('track.01.flac'), 'track.01');
    assert.equal(nameOf('noextension'), 'noextension');
  });

  it('counts a stock song without a length as still being prepared, and nothing else', () => {
    assert.equal(isPreparing({ ...saved, stockSongId: 3, length: 0 }), true);
    assert.equal(isPreparing({ ...saved, stockSongId: 3, length: 142 }), false);
    assert.equal(isPreparing(saved), false);
    assert.equal(isPreparing({ ...fromUpload('u1', 'a.mp3', 0.3, null), stockSongId: 3 }), false);
  });

  it('offers Delete for saved songs, Clear for permanent errors and Cancel otherwise', () => {
    assert.equal(rowAction(saved), 'Delete');
    assert.equal(rowAction(fromUpload('u1', 'a.mp3', 0.3, null)), 'Cancel');
    assert.equal(rowAction(fromUpload('u1', 'a.mp3', 0.3, { message: 'Lost', permanent: false })), 'Cancel');
    assert.equal(rowAction(fromUpload('u1', 'a.mp3', 0, { message: 'Not audio', permanent: true })), 'Clear');
  });

  it('keeps a row with a permanent error from counting as uploading', () => {
    assert.equal(fromUpload('u1', 'a.mp3', 0, { message: 'Not audio', permanent: true }).uploading, false);
    assert.equal(fromUpload('u1', 'a.mp3', 0, { message: 'Lost', permanent: false }).uploading, true);
  });
});
