import assert from 'node:assert/strict';
import { LABEL_DEFAULTS } from '../../../../../common/label-settings.ts';
import { formatStoredLabels, parseStoredLabels } from './stored-settings.ts';

describe('stored label settings (videos.labels)', () => {
  it('starts from the defaults of spec 3 section 3.4', () => {
    assert.deepEqual(parseStoredLabels(null), { adjTopX: '0.0', adjTopY: '0.0', adjBottomX: '0.0', adjBottomY: '0.0', bleed: true, dvdLabelSize: 'small', dual: '0', showQrCode: true, obituaryQr: false });
  });

  it('reads back what it stored', () => {
    const settings = { ...LABEL_DEFAULTS, adjTopX: '-0.05', bleed: false, dvdLabelSize: 'large' as const, dual: '3' as const, showQrCode: false };
    assert.deepEqual(parseStoredLabels(formatStoredLabels(settings)), settings);
  });

  it('keeps the good fields of a damaged entry and defaults the rest', () => {
    assert.deepEqual(parseStoredLabels('{"dual":"7","bleed":"no","adjTopY":"0.1","dvdLabelSize":"large"}'), { ...LABEL_DEFAULTS, adjTopY: '0.1', dvdLabelSize: 'large' });
    assert.deepEqual(parseStoredLabels('not json'), LABEL_DEFAULTS);
    assert.deepEqual(parseStoredLabels('[1,2]'), LABEL_DEFAULTS);
  });
});
