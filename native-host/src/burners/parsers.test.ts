/** The system burners' readings of their tools' output, on text as the tools print it. */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BURNER_CODES } from '../../../common/burn-protocol.ts';
import { canWriteDvd, failureReason, LinuxBurner, mediaOfProfile, parseGrowisofsProgress, parseXorrisoDevices, parseXorrisoProgress, parseXorrisoToc, writeWithXorriso } from './linux.ts';
import { drutilWritesDvd, parseDrutilStatus, parsePuppetStrings } from './macos.ts';
import { imapiState, mediaOfPhysicalType, parseImapiLine, type ImapiLine } from './windows.ts';

describe('Linux burner (xorriso, growisofs)', () => {
  it('lists drives from xorriso -devices', () => {
    const text = `Beginning to scan for devices ...
Full drive scan done.
-----------------------------------------------------------------------------
0  -dev '/dev/sr0' rwrw-- :  'HL-DT-ST' 'DVDRAM GH24NSD1'
1  -dev '/dev/sr1' rwrw-- :  'ASUS    ' 'DRW-24D5MT'
-----------------------------------------------------------------------------`;
    assert.deepEqual(parseXorrisoDevices(text), ['/dev/sr0', '/dev/sr1']);
    assert.deepEqual(parseXorrisoDevices("xorriso : SORRY : No drives found\n"), []);
  });

  it('reads the disc from xorriso -toc', () => {
    const blank = `Drive current: -outdev '/dev/sr0'
Media current: DVD-R sequential recording
Media status : is blank
Media summary: 0 sessions, 0 data blocks, 0 data, 4489m free`;
    assert.deepEqual(parseXorrisoToc(blank), { media_type: 'DVD-R', blank: true, becomingReady: false, busy: false, noDrive: false });
    const written = `Media current: DVD+R\nMedia status : is written , is closed\n`;
    assert.deepEqual([parseXorrisoToc(written).media_type, parseXorrisoToc(written).blank], ['DVD+R', false]);
    const empty = `Drive current: -outdev '/dev/sr0'\nMedia current: is not present\nMedia status : is not present\n`;
    assert.equal(parseXorrisoToc(empty).media_type, 'none');
    const loading = `libburn : SORRY : Drive not ready [2 04 01] LOGICAL UNIT IS IN PROCESS OF BECOMING READY\n`;
    assert.equal(parseXorrisoToc(loading).becomingReady, true);
    const gone = `libburn : FAILURE : File object '/dev/sr0' not found\nxorriso : FAILURE : Cannot acquire drive '/dev/sr0'\n`;
    assert.equal(parseXorrisoToc(gone).noDrive, true);
  });

  it('names media from libburn profiles', () => {
    assert.equal(mediaOfProfile('DVD-R sequential recording'), 'DVD-R');
    assert.equal(mediaOfProfile('DVD-R/DL sequential recording'), 'DVD-R DL');
    assert.equal(mediaOfProfile('DVD+R/DL'), 'DVD+R DL');
    assert.equal(mediaOfProfile('DVD-RW restricted overwrite'), 'DVD-RW');
    assert.equal(mediaOfProfile('DVD+RW'), 'DVD+RW');
    assert.equal(mediaOfProfile('CD-R'), 'CD-R');
    assert.equal(mediaOfProfile('CD-RW'), 'CD-RW');
    assert.equal(mediaOfProfile('BD-R sequential recording'), 'BD-R');
    // libburn's stdio pseudo-drive stands in for a blank DVD-R (the tests' real xorriso burns).
    assert.equal(mediaOfProfile('stdio file, overwriteable'), 'DVD-R');
    assert.equal(mediaOfProfile('stdio file, sequential'), 'DVD-R');
  });

  it('knows a drive that cannot write DVDs from its profiles', () => {
    assert.equal(canWriteDvd('Profile      : 0x0010 (DVD-ROM)\nProfile      : 0x0008 (CD-ROM)\n'), false);
    assert.equal(canWriteDvd('Profile      : 0x0011 (DVD-R sequential recording) (current)\nProfile      : 0x001B (DVD+R)\n'), true);
    assert.equal(canWriteDvd("Media current: stdio file, overwriteable\nxorriso : NOTE : Output device is not an MMC drive. Desired operation does not apply.\n"), true);
  });

  it('reads write progress from xorriso and growisofs', () => {
    assert.deepEqual(parseXorrisoProgress('xorriso : UPDATE :   13 of   38 MB written (fifo  0%) [buf  50%]   4.0xD'), { stage: 'writing', percent: (13 / 38) * 100 });
    assert.deepEqual(parseXorrisoProgress('xorriso : UPDATE : Closing track/session. Working since 3 seconds'), { stage: 'finalizing' });
    assert.equal(parseXorrisoProgress('Beginning to write data track.'), null);
    assert.deepEqual(parseGrowisofsProgress(' 1015808000/4700000000 (21.6%) @4.0x, remaining 3:21 RBU 100.0% UBU  98.0%'), { stage: 'writing', percent: 21.6 });
    assert.deepEqual(parseGrowisofsProgress('/dev/sr0: flushing cache'), { stage: 'finalizing' });
  });

  it("says why a write failed: libburn's reason, not only xorriso's job failed", () => {
    const output = [
      'libburn : SORRY : Cannot write desired amount of 32768 bytes. write(2) returned -1. : Broken pipe',
      'xorriso : FAILURE : libburn indicates failure with writing.',
      'xorriso : FAILURE : -as cdrecord: Job could not be performed properly.',
    ].join('\n');
    assert.equal(failureReason(output), 'Cannot write desired amount of 32768 bytes. write(2) returned -1. : Broken pipe');
    assert.equal(failureReason('xorriso : FAILURE : one\nxorriso : FAILURE : two\nxorriso : FAILURE : three'), 'two three');
    assert.equal(failureReason('all went well'), null);
  });

  it('writes an image with xorriso (to a stdio: file drive) and reads it back', async function () {
    this.timeout(15000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xorriso-'));
    try {
      const iso = crypto.randomBytes(600 * 1024);
      fs.writeFileSync(path.join(dir, 'a.iso'), iso);
      const device = `stdio:${path.join(dir, 'disc.img')}`;
      const stages: string[] = [];
      await writeWithXorriso(device, path.join(dir, 'a.iso'), (stage) => stages.push(stage), new AbortController().signal);
      assert.equal(stages[0], 'loading');
      assert.equal(stages[stages.length - 1], 'finalizing');
      const chunks: Buffer[] = [];
      for await (const chunk of await new LinuxBurner(device).readBack(0, iso.length)) chunks.push(chunk as Buffer);
      assert.ok(Buffer.concat(chunks).equals(iso));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Windows burner (IMAPI2 through PowerShell)', () => {
  const lines = (...text: string[]): ImapiLine[] => text.map((line) => parseImapiLine(line)).filter((line): line is ImapiLine => line !== null);

  it('reads the script output', () => {
    assert.deepEqual(parseImapiLine('STATE hr=0x0 media=9 blank=1 busy=0 drive=E:\\'), { kind: 'state', hr: '0x0', media: 9, blank: true, busy: false, drive: 'E:\\' });
    assert.deepEqual(parseImapiLine('PROGRESS writing 45.5'), { kind: 'progress', stage: 'writing', percent: 45.5 });
    assert.deepEqual(parseImapiLine('PROGRESS finalizing'), { kind: 'progress', stage: 'finalizing' });
    assert.deepEqual(parseImapiLine('ERROR hr=0xC0AA0205 The media is becoming ready.'), { kind: 'error', hr: '0xc0aa0205', message: 'The media is becoming ready.' });
    assert.equal(parseImapiLine('WARNING: something PowerShell says'), null);
  });

  it('maps IMAPI_MEDIA_PHYSICAL_TYPE to media names', () => {
    assert.equal(mediaOfPhysicalType(9), 'DVD-R');
    assert.equal(mediaOfPhysicalType(6), 'DVD+R');
    assert.equal(mediaOfPhysicalType(10), 'DVD-RW');
    assert.equal(mediaOfPhysicalType(2), 'CD-R');
    assert.equal(mediaOfPhysicalType(0), 'unknown');
  });

  it('turns IMAPI2 results into the burner codes of spec 4.5', () => {
    assert.equal(imapiState(lines('STATE hr=0x8201000a media=0 blank=0 busy=0')).hr_hex, BURNER_CODES.noBurner);
    const cannot = imapiState(lines('STATE hr=0xc0aa0407 media=0 blank=0 busy=0'));
    assert.equal(cannot.hr_hex, BURNER_CODES.recorderNotSupported);
    assert.ok(cannot.error_message);
    assert.equal(imapiState(lines('ERROR hr=0xc0aa0205 Becoming ready')).hr_hex, BURNER_CODES.becomingReady);
    const none = imapiState(lines('ERROR hr=0xc0aa0202 No media'));
    assert.deepEqual([none.hr_hex, none.media_type], [BURNER_CODES.noMedia, 'none']);
    assert.ok(none.error_message);
    assert.equal(imapiState(lines('STATE hr=0x0 media=9 blank=0 busy=0')).hr_hex, BURNER_CODES.noBlankMedia);
    assert.deepEqual(imapiState(lines('STATE hr=0x0 media=6 blank=1 busy=1 drive=E:\\')), { hr_hex: '0x0', media_type: 'DVD+R', error_message: null, busy: true });
    assert.equal(imapiState([]).hr_hex, BURNER_CODES.noBurner);
  });
});

describe('macOS burner (drutil, hdiutil)', () => {
  it('reads drutil status', () => {
    const blank = ` Vendor   Product           Rev
 MATSHITA DVD-R   UJ-85J    FM0S

           Type: DVD-R                Name: /dev/disk2
       Sessions: 0                  Tracks: 0
   Overwritable:   00:00:00         blocks:        0 /   0.00MB /   0.00MiB
     Space Free: 510:01:50         blocks:  2295950 /   4.70GB /   4.38GiB
    Writability: appendable, blank, overwritable
`;
    assert.deepEqual(parseDrutilStatus(blank), { present: true, media_type: 'DVD-R', blank: true, becomingReady: false, device: '/dev/disk2' });
    const empty = ` Vendor   Product           Rev\n MATSHITA DVD-R   UJ-85J    FM0S\n\n           Type: No Media Inserted\n`;
    assert.deepEqual([parseDrutilStatus(empty).media_type, parseDrutilStatus(empty).present], ['none', true]);
    assert.equal(parseDrutilStatus('').present, false);
    const plus = blank.replace('Type: DVD-R ', 'Type: DVD+R ').replace('appendable, blank, overwritable', 'appendable');
    assert.deepEqual([parseDrutilStatus(plus).media_type, parseDrutilStatus(plus).blank], ['DVD+R', false]);
  });

  it('knows from drutil info whether the drive writes DVDs', () => {
    assert.equal(drutilWritesDvd('   DVD-Write: -R, -R DL, -RW, +R, +R DL, +RW\n'), true);
    assert.equal(drutilWritesDvd('   CD-Write: -R, -RW\n'), false);
  });

  it('reads hdiutil -puppetstrings progress', () => {
    assert.equal(parsePuppetStrings('PERCENT:-1.000000'), null);
    assert.deepEqual(parsePuppetStrings('PERCENT:42.500000'), { stage: 'writing', percent: 42.5 });
    assert.deepEqual(parsePuppetStrings('MESSAGE:Closing session'), { stage: 'finalizing' });
    assert.deepEqual(parsePuppetStrings('hdiutil: burn failed - Media is not writable'), { stage: 'error', message: 'Media is not writable' });
  });
});
