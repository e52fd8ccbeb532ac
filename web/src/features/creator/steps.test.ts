import assert from 'node:assert/strict';
import type { CreatorVideo, SetupOrganization } from '../../api/index.ts';
import { creatorPropsOf, parseCreatorRef, setupReadOnly, type CreatorRef } from './creator-props.ts';
import { activeStepIndex, creatorSteps, neighbours } from './steps.ts';

const organization: SetupOrganization = {
  organizationName: 'Willow Funeral Home',
  uploadLinksEnabled: true,
  showBranding: true,
  hasLogo: false,
  billingIdPrompt: null,
  brands: [],
  showArtwork: true,
  affiliateCustomer: false,
};

function video(creator: Partial<CreatorVideo['creator']> = {}, org: Partial<SetupOrganization> = {}): CreatorVideo {
  return {
    creator: {
      editable: true,
      readOnly: false,
      manageable: true,
      fullAccess: true,
      regeneration: false,
      familyUploadFinished: false,
      uploadLinkNote: '',
      editLink: null,
      organization: { ...organization, ...org },
      ...creator,
    },
  } as CreatorVideo;
}

const ref = (param: string) => parseCreatorRef(param) as CreatorRef;
const stepsFor = (param: string, v?: CreatorVideo, org?: SetupOrganization) => creatorSteps(creatorPropsOf({ ref: ref(param), video: v, organization: org }));
const keys = (param: string, v?: CreatorVideo, org?: SetupOrganization) => stepsFor(param, v, org).map((s) => s.key);

describe('creator steps', () => {
  it('reads a creator address as new, a video id or an upload-link hash', () => {
    assert.deepEqual(parseCreatorRef('new'), { kind: 'new' });
    assert.deepEqual(parseCreatorRef(undefined), { kind: 'new' });
    assert.deepEqual(parseCreatorRef('42'), { kind: 'id', id: 42 });
    assert.deepEqual(parseCreatorRef('AbC_-9'), { kind: 'link', hash: 'AbC_-9' });
    assert.equal(parseCreatorRef('../x'), null);
  });

  it('gives staff Setup, Upload Link, Slides, Music, Preview and Finalize with their paths', () => {
    const steps = stepsFor('42', video());
    assert.deepEqual(
      steps.map((s) => [s.label, s.shortLabel, s.path]),
      [
        ['Setup', 'Setup', '/creator/42/setup'],
        ['Upload Link', 'Link', '/creator/42/link'],
        ['Slides', 'Slides', '/creator/42/slides'],
        ['Music', 'Music', '/creator/42/music'],
        ['Preview', 'Preview', '/creator/42/preview'],
        ['Finalize', 'Finalize', '/creator/42/order'],
      ],
    );
  });

  it('points Finalize to the order page only when branding is shown and the video is not being regenerated', () => {
    const finalizePath = (v: CreatorVideo) => stepsFor('42', v).at(-1)?.path;
    assert.equal(finalizePath(video()), '/creator/42/order');
    assert.equal(finalizePath(video({}, { showBranding: false })), '/creator/42/finalize');
    assert.equal(finalizePath(video({ regeneration: true })), '/creator/42/finalize');
  });

  it('leaves out Upload Link when the organization has upload links off', () => {
    assert.deepEqual(keys('42', video({}, { uploadLinksEnabled: false })), ['setup', 'slides', 'music', 'preview', 'finalize']);
  });

  it('gives a family no Upload Link and a Finish step, at their hash', () => {
    const steps = stepsFor('AbCd', video({ manageable: false }));
    assert.deepEqual(steps.map((s) => s.key), ['setup', 'slides', 'music', 'preview', 'finish']);
    assert.equal(steps[4].path, '/creator/AbCd/finish');
  });

  it('gives a family with an upload-only link Setup, Slides, Music and Finish: no Preview, nothing editable', () => {
    const uploadOnly = video({ manageable: false, fullAccess: false });
    const steps = stepsFor('AbCd', uploadOnly);
    assert.deepEqual(
      steps.map((s) => [s.key, s.path]),
      [
        ['setup', '/creator/AbCd/setup'],
        ['slides', '/creator/AbCd/slides'],
        ['music', '/creator/AbCd/music'],
        ['finish', '/creator/AbCd/finish'],
      ],
    );
    const props = creatorPropsOf({ ref: ref('AbCd'), video: uploadOnly });
    assert.deepEqual([props.fullAccess, props.editable, props.manageable], [false, false, false]);
    // Setup and music are read-only for it; the video itself is not (the family still uploads slides: no notice).
    assert.equal(setupReadOnly(props), true);
    assert.equal(props.readOnly, false);
    // The same link with full access edits and previews.
    const full = creatorPropsOf({ ref: ref('AbCd'), video: video({ manageable: false, fullAccess: true }) });
    assert.deepEqual([full.fullAccess, full.editable, full.readOnly, setupReadOnly(full)], [true, true, false, false]);
    assert.deepEqual(keys('AbCd', video({ manageable: false, fullAccess: true })), ['setup', 'slides', 'music', 'preview', 'finish']);
  });

  it('keeps an upload-only family out of a finalized video like everyone: read-only, no Preview', () => {
    const props = creatorPropsOf({ ref: ref('AbCd'), video: video({ manageable: false, fullAccess: false, editable: false, readOnly: true }) });
    assert.deepEqual([props.editable, props.readOnly, setupReadOnly(props)], [false, true, true]);
    assert.deepEqual(creatorSteps(props).map((s) => s.key), ['setup', 'slides', 'music', 'finish']);
  });

  it('takes a family as upload-only until the server says it has full access; staff always have it', () => {
    const props = creatorPropsOf({ ref: ref('AbCd'), video: video({ manageable: false, fullAccess: undefined }) });
    assert.deepEqual([props.fullAccess, props.editable, setupReadOnly(props)], [false, false, true]);
    const staff = creatorPropsOf({ ref: ref('42'), video: video({ fullAccess: undefined }) });
    assert.deepEqual([staff.fullAccess, staff.editable, staff.readOnly, setupReadOnly(staff)], [true, true, false, false]);
    const fresh = creatorPropsOf({ ref: ref('new'), organization });
    assert.deepEqual([fresh.fullAccess, setupReadOnly(fresh)], [true, false]);
  });

  it('follows a video through finalizing and reopening', () => {
    assert.deepEqual(keys('42', video()), ['setup', 'link', 'slides', 'music', 'preview', 'finalize']);
    const finalized = video({ editable: false, readOnly: true, editLink: '/r/videos/42/make_editable?redirect=setup' });
    const steps = stepsFor('42', finalized);
    assert.deepEqual(steps.map((s) => s.key), ['setup', 'link', 'slides', 'music', 'details']);
    assert.equal(steps[4].path, '/videos/42/details');
    assert.deepEqual(keys('42', video({ regeneration: true })), ['setup', 'link', 'slides', 'music', 'preview', 'finalize']);
  });

  it('keeps Finalize for staff who cannot manage a read-only video, and Finish for a family of a finalized one', () => {
    assert.deepEqual(keys('42', video({ editable: false, readOnly: true, manageable: false })), ['setup', 'link', 'slides', 'music', 'finalize']);
    assert.deepEqual(keys('AbCd', video({ editable: false, readOnly: true, manageable: false })), ['setup', 'slides', 'music', 'finish']);
  });

  it('offers only Setup a path before the video exists', () => {
    const steps = stepsFor('new', undefined, organization);
    assert.deepEqual(steps.map((s) => s.key), ['setup', 'link', 'slides', 'music', 'preview', 'finalize']);
    assert.deepEqual(steps.map((s) => s.path), ['/creator/new', null, null, null, null, null]);
  });

  it('marks the step whose path is the current path active, and a page inside a step belongs to it', () => {
    const steps = stepsFor('42', video());
    assert.equal(activeStepIndex(steps, '/creator/42/music'), 3);
    assert.equal(activeStepIndex(steps, '/creator/42/music/'), 3);
    assert.equal(activeStepIndex(steps, '/creator/42/slides/17'), 2);
    assert.equal(activeStepIndex(steps, '/creator/42/setup'), 0);
    assert.equal(activeStepIndex(steps, '/creator/4/setup'), -1);
    assert.equal(activeStepIndex(stepsFor('new', undefined, organization), '/creator/new'), 0);
  });

  it('finds Back and Next around the active step', () => {
    const steps = stepsFor('42', video());
    assert.deepEqual(neighbours(steps, 0), { back: null, next: steps[1] });
    assert.deepEqual(neighbours(steps, 5), { back: steps[4], next: null });
    assert.deepEqual(neighbours(steps, -1), { back: null, next: steps[0] });
  });

  it('derives the notice facts: anonymous, manageable, organization name', () => {
    const family = creatorPropsOf({ ref: ref('AbCd'), video: video({ manageable: false, readOnly: true, editable: false }) });
    assert.deepEqual([family.isAnonymous, family.manageable, family.readOnly, family.showBranding, family.organizationName], [true, false, true, false, 'Willow Funeral Home']);
    const fresh = creatorPropsOf({ ref: ref('new'), navbarOrganizationName: 'From the top bar' });
    assert.deepEqual([fresh.videoAuthOrId, fresh.manageable, fresh.readOnly, fresh.editable, fresh.organizationName], [null, true, false, true, 'From the top bar']);
  });
});
