import assert from 'node:assert/strict';
import { parseSlideAttributes } from './slide-attributes.ts';

const photo = { is_text: false, is_video: false, clip_duration: null };

describe('parseSlideAttributes', () => {
  it('reads redeyes sent as JSON text and marks the photo edited', () => {
    const a = parseSlideAttributes({ redeyes: '[[10,20,5]]', brightness: '120' }, photo);
    assert.deepEqual(a.redeyes, [[10, 20, 5]]);
    assert.equal(a.brightness, 120);
    assert.equal(a.has_been_edited, true);
  });
  it('validates red-eye marks and blemish strokes and the colour ranges (spec 2 section 5)', () => {
    assert.deepEqual(parseSlideAttributes({ blemishes: JSON.stringify([[1, 2, 3], [4, 5, 6]]) }, photo).blemishes, [[1, 2, 3], [4, 5, 6]]);
    for (const bad of ['[[1,2]]', '[[1,2,0]]', '[[-1,2,3]]', '{"x":1}', '[[1,2,"a"]]']) {
      assert.throws(() => parseSlideAttributes({ redeyes: bad }, photo), /redeyes is not valid/, bad);
    }
    assert.throws(() => parseSlideAttributes({ saturation: 201 }, photo), /Saturation must be a number from 0 to 200/);
    assert.throws(() => parseSlideAttributes({ hue: -181 }, photo), /Hue must be a number from -180 to 180/);
  });
  it('ignores a straighten angle outside plus or minus 45', () => {
    assert.equal('straighten' in parseSlideAttributes({ straighten: 60 }, photo), false);
    assert.equal(parseSlideAttributes({ straighten: -12 }, photo).straighten, -12);
  });
  it('turns a blank slide time into automatic', () => {
    const a = parseSlideAttributes({ slide_time: '' }, photo);
    assert.equal(a.slide_time, null);
    assert.equal(a.user_set_slide_time, false);
  });
  it('refuses a non-positive slide time with the spec text', () => {
    assert.throws(() => parseSlideAttributes({ slide_time: 0 }, photo), /Invalid input. Enter the number of seconds per slide./);
  });
  it('sets user_set_transition from the chosen id (0 is Automatic)', () => {
    assert.equal(parseSlideAttributes({ transition_id: 3 }, photo).user_set_transition, true);
    assert.equal(parseSlideAttributes({ transition_id: 0 }, photo).user_set_transition, false);
  });
  it('drops pixel edits for text slides', () => {
    assert.deepEqual(parseSlideAttributes({ brightness: 150, slide_caption: 'Hi' }, { is_text: true, is_video: false, clip_duration: null }), {
      slide_caption: 'Hi',
    });
  });
  it('keeps a clip trim inside the clip', () => {
    assert.throws(() => parseSlideAttributes({ clip_start: 1, clip_end: 9 }, { is_text: false, is_video: true, clip_duration: 5 }), /End must be a number/);
    assert.throws(() => parseSlideAttributes({ clip_start: 3, clip_end: 2 }, { is_text: false, is_video: true, clip_duration: 5 }), /after the start/);
  });
});
