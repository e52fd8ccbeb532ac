import assert from 'node:assert/strict';
import { lengthProblem, slidesProblem } from './validate.ts';

describe('slidesProblem', () => {
  it('asks for an image when there are no slides', () => {
    assert.equal(slidesProblem([], 'preview'), 'Please upload at least one image before previewing.');
  });
  it('refuses a text slide or clip first, with advice that depends on whether a photo exists', () => {
    assert.equal(slidesProblem([{ kind: 'text' }, { kind: 'photo' }], 'preview'), 'Text slide cannot be the first slide. Move it after the cover photo and try again.');
    assert.equal(slidesProblem([{ kind: 'clip' }], 'preview'), 'Video clip cannot be the first slide. Please upload at least one image before previewing.');
  });
  it('accepts a photo first', () => {
    assert.equal(slidesProblem([{ kind: 'photo' }, { kind: 'text' }], 'finalize'), null);
  });
});

describe('lengthProblem', () => {
  const rules = { limitMinutes: 30, maxOverrideMinutes: 120, override: false };
  it('allows a video within the limit', () => {
    assert.equal(lengthProblem(30 * 60, rules), null);
  });
  it('refuses a longer video without the override, naming the limit', () => {
    assert.match(lengthProblem(31 * 60, rules) ?? '', /31 minutes long, over your limit of 30 minutes/);
  });
  it('allows it with the admin override up to the maximum override length', () => {
    assert.equal(lengthProblem(90 * 60, { ...rules, override: true }), null);
    assert.match(lengthProblem(121 * 60, { ...rules, override: true }) ?? '', /longest we can make \(120 minutes\)/);
  });
});
