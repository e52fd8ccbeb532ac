import assert from 'node:assert/strict';
import { billingLabel, branded, canEdit, canSendToTv, canView, directDeliveryText, megabytes, themeName } from './rules.ts';

const video = { dvdPath: null, dateInQueue: null, deleted: false };

describe('the details card rules', () => {
  it('offers Edit when the video has a DVD path', () => {
    assert.equal(canEdit({ ...video, dvdPath: 'dvd/abc.iso' }, false), true);
    assert.equal(canEdit(video, false), false);
  });

  it('offers Edit to admins when the video is in the queue, and not to others', () => {
    const queued = { ...video, dateInQueue: '2026-11-22T10:00:00.000Z' };
    assert.equal(canEdit(queued, true), true);
    assert.equal(canEdit(queued, false), false);
    assert.equal(canEdit(video, true), false);
  });

  it('never offers Edit or View on a deleted video', () => {
    const deleted = { dvdPath: 'dvd/abc.iso', dateInQueue: '2026-11-22T10:00:00.000Z', deleted: true };
    assert.equal(canEdit(deleted, true), false);
    assert.equal(canView(deleted), false);
    assert.equal(canView(video), true);
  });

  it('shows the HD size in MB with 2 decimals', () => {
    assert.equal(megabytes(0), '0.00 MB');
    assert.equal(megabytes(1024 * 1024), '1.00 MB');
    assert.equal(megabytes(157_286_400 + 5243), '150.01 MB');
  });

  it("labels the billing row with the organization's prompt when it has one", () => {
    assert.equal(billingLabel('Case number'), 'Case number');
    assert.equal(billingLabel(null), 'Billing ID');
    assert.equal(billingLabel('  '), 'Billing ID');
  });

  it('names a custom theme by its own title', () => {
    assert.equal(themeName({ themeTitle: 'Garden', customThemeTitle: 'Our garden' }), 'Our garden');
    assert.equal(themeName({ themeTitle: 'Garden', customThemeTitle: null }), 'Garden');
  });
});

describe('the action bar and Direct Delivery rules', () => {
  it('offers Send to TV to others only while the video has no Direct Delivery devices, to admins always', () => {
    assert.equal(canSendToTv(0, false), true);
    assert.equal(canSendToTv(2, false), false);
    assert.equal(canSendToTv(2, true), true);
  });

  it("reads the branding flag from the video's organization", () => {
    assert.equal(branded({ creator: { organization: { showBranding: true } } }), true);
    assert.equal(branded({ creator: { organization: { showBranding: false } } }), false);
  });

  it('lists the devices by label in natural order, or None', () => {
    assert.equal(directDeliveryText([]), 'None');
    assert.equal(directDeliveryText([{ label: 'Room 10' }, { label: 'lobby' }, { label: 'Room 2' }]), 'lobby, Room 2, Room 10');
  });
});
