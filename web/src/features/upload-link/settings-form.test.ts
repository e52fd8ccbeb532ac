import assert from 'node:assert/strict';
import type { UploadLink } from './api.ts';
import { changeOf, DONE_EMAIL_ERROR, formOf, settingsErrors, type SettingsForm } from './settings-form.ts';

const link = (values: Partial<UploadLink> = {}): UploadLink =>
  ({
    uploadLinkAccessLevel: 2,
    uploadLinkNote: 'Hello',
    uploadLinkLimit: null,
    uploadLinkAllowMusicUpload: false,
    uploadLinkDoneButton: false,
    uploadLinkDoneEmail: '',
    ...values,
  }) as UploadLink;

const form = (values: Partial<SettingsForm> = {}): SettingsForm => ({ ...formOf(link()), ...values });

describe('Family Upload Settings form', () => {
  it('starts from the saved settings', () => {
    assert.deepEqual(formOf(link({ uploadLinkAccessLevel: 1, uploadLinkLimit: 25, uploadLinkDoneButton: true, uploadLinkDoneEmail: 'a@b.co' })), {
      note: 'Hello',
      limitOn: true,
      limit: '25',
      fullAccess: true,
      musicUpload: false,
      doneButton: true,
      doneEmail: 'a@b.co',
    });
    assert.equal(formOf(link()).limit, '', 'no limit: an empty field to fill in when switched on');
  });

  it('asks for a photo count only while the limit is on', () => {
    assert.deepEqual(settingsErrors(form({ limitOn: true, limit: '' })), { limit: 'Enter a number of photos from 1 to 10000.' });
    assert.deepEqual(settingsErrors(form({ limitOn: true, limit: '0' })).limit, 'Enter a number of photos from 1 to 10000.');
    assert.deepEqual(settingsErrors(form({ limitOn: false, limit: 'x' })), {});
    assert.deepEqual(settingsErrors(form({ limitOn: true, limit: '30' })), {});
  });

  it('flags a notification address that is filled in and invalid, only while the Done button is on', () => {
    assert.deepEqual(settingsErrors(form({ doneButton: true, doneEmail: 'nope' })), { doneEmail: DONE_EMAIL_ERROR });
    assert.deepEqual(settingsErrors(form({ doneButton: true, doneEmail: '' })), {});
    assert.deepEqual(settingsErrors(form({ doneButton: false, doneEmail: 'nope' })), {});
  });

  it('sends the limit as a number or null, and music upload only where available', () => {
    assert.deepEqual(changeOf(form({ limitOn: true, limit: ' 12 ', fullAccess: true, musicUpload: true }), true), {
      uploadLinkNote: 'Hello',
      uploadLinkLimit: 12,
      fullAccess: true,
      uploadLinkDoneButton: false,
      uploadLinkAllowMusicUpload: true,
    });
    const off = changeOf(form({ limitOn: false, limit: '12', musicUpload: true }), false);
    assert.equal(off.uploadLinkLimit, null);
    assert.equal('uploadLinkAllowMusicUpload' in off, false);
  });

  it('sends the notification address, trimmed, with the Done button on', () => {
    assert.equal(changeOf(form({ doneButton: true, doneEmail: ' desk@example.com ' }), true).uploadLinkDoneEmail, 'desk@example.com');
    assert.equal('uploadLinkDoneEmail' in changeOf(form({ doneButton: false, doneEmail: 'x' }), true), false);
  });
});
