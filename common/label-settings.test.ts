import assert from 'node:assert/strict';
import { LABEL_DEFAULTS, labelQuery, obituaryQrAllowed, offsetsInUse, parseOffset, stationeryPath } from './label-settings.ts';

describe('label settings', () => {
  it('reads offsets typed in inches, negative or not, and refuses anything else', () => {
    assert.deepEqual(['0.0', '-0.05', '+.1', ' 1 ', '2', '-2'].map(parseOffset), [0, -0.05, 0.1, 1, 2, -2]);
    for (const bad of ['', 'abc', '1e1', '0x1', '2.01', '--1', '1,5', 'NaN', 'Infinity']) assert.equal(parseOffset(bad), null, bad);
  });

  it('uses the offsets of the labels printed: none for a single label, top or bottom or both of two', () => {
    assert.deepEqual(offsetsInUse({ ...LABEL_DEFAULTS, dual: '0' }), []);
    assert.deepEqual(offsetsInUse({ ...LABEL_DEFAULTS, dual: '1' }), ['adjTopX', 'adjTopY']);
    assert.deepEqual(offsetsInUse({ ...LABEL_DEFAULTS, dual: '2' }), ['adjBottomX', 'adjBottomY']);
    assert.deepEqual(offsetsInUse({ ...LABEL_DEFAULTS, dual: '3' }), ['adjTopX', 'adjTopY', 'adjBottomX', 'adjBottomY']);
  });

  it('sends only what the chosen style uses, in snake_case', () => {
    assert.equal(labelQuery(LABEL_DEFAULTS, false), 'dual=0&dvd_label_size=small&show_qr_code=true');
    const two = { ...LABEL_DEFAULTS, dual: '2' as const, adjTopX: 'oops', adjBottomX: ' -0.1 ', bleed: false, obituaryQr: true };
    assert.equal(labelQuery(two, false), 'dual=2&dvd_label_size=small&show_qr_code=true&bleed=false&adj_bottom_x=-0.1&adj_bottom_y=0.0');
    assert.match(labelQuery(two, true), /&obituary_qr=true$/);
    assert.doesNotMatch(labelQuery({ ...two, showQrCode: false }, true), /obituary_qr/);
  });

  it('offers the obituary QR code only when the organization enables it and the video has an obituary', () => {
    assert.equal(obituaryQrAllowed(true, 'https://example.com/obit'), true);
    assert.equal(obituaryQrAllowed(false, 'https://example.com/obit'), false);
    assert.equal(obituaryQrAllowed(true, null), false);
    assert.equal(obituaryQrAllowed(true, '  '), false);
  });

  it('names the stationery addresses of spec 3 section 2.1', () => {
    assert.equal(stationeryPath('video_book_insert', 'abc123', 'jpg'), '/stationeries/video_book_insert/abc123.jpg');
  });
});
