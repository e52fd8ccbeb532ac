import assert from 'node:assert/strict';
import {
  filledEntries,
  isValidEmail,
  isValidPhone,
  keepsLink,
  maskPhone,
  phoneToE164,
  smsLength,
  withTrailingSpace,
} from './share-rules.ts';

describe('share rules', () => {
  describe('isValidEmail', () => {
    it('accepts ordinary addresses, with spaces around them', () => {
      for (const good of ['a@b.co', 'first.last+tag@mail.example.com', ' family@example.org ', "o'neil@example.ie"]) {
        assert.equal(isValidEmail(good), true, good);
      }
    });

    it('refuses anything that is not one plain address', () => {
      for (const bad of ['', ' ', 'plain', '@example.com', 'a@', 'a@b', 'a b@example.com', 'a@exa mple.com', 'a@@b.com', 'Name <a@b.com>', 'a@b.com, c@d.com', 'a@-b.com', 'a@b.c']) {
        assert.equal(isValidEmail(bad), false, bad);
      }
      assert.equal(isValidEmail(`${'x'.repeat(320)}@example.com`), false, 'too long');
    });
  });

  describe('phone numbers', () => {
    it('accepts (NNN) NNN-NNNN with a first digit of 1 to 9', () => {
      assert.equal(isValidPhone('(555) 123-4567'), true);
      assert.equal(isValidPhone('(199) 000-0000'), true);
    });

    it('refuses a leading zero, other layouts and short numbers', () => {
      for (const bad of ['(055) 123-4567', '555-123-4567', '(555)123-4567', '(555) 123-456', '5551234567', '(555) 123-45678', '']) {
        assert.equal(isValidPhone(bad), false, bad);
      }
    });

    it('masks typed digits as far as they go and drops everything else', () => {
      assert.equal(maskPhone(''), '');
      assert.equal(maskPhone('5'), '(5');
      assert.equal(maskPhone('555'), '(555');
      assert.equal(maskPhone('5551'), '(555) 1');
      assert.equal(maskPhone('555123'), '(555) 123');
      assert.equal(maskPhone('5551234'), '(555) 123-4');
      assert.equal(maskPhone('555.123.4567 ext 9'), '(555) 123-4567');
      assert.equal(maskPhone('(555) 123-45678'), '(555) 123-4567', 'no more than ten digits');
    });

    it('lets a backspace past a separator remove it', () => {
      // "(555) 1" with its last digit deleted is "(555) ", which masks to "(555".
      assert.equal(maskPhone('(555) '), '(555');
    });

    it('writes a valid number as E.164 for the provider', () => {
      assert.equal(phoneToE164('(555) 123-4567'), '+15551234567');
    });
  });

  describe('keepsLink', () => {
    const link = 'http://127.0.0.1:8080/creator/abc/slides';

    it('holds when the link follows a line break', () => {
      assert.equal(keepsLink(`Please add photos:\n${link}`, link), true);
      assert.equal(keepsLink(`Please add photos:\r\n${link}\nThanks`, link), true);
    });

    it('fails when the link is gone, changed or on the same line as other text', () => {
      assert.equal(keepsLink('Please add photos', link), false);
      assert.equal(keepsLink(`Please add photos: ${link}`, link), false);
      assert.equal(keepsLink(`Please add photos:\n${link.slice(0, -1)}`, link), false);
      assert.equal(keepsLink(link, link), false, 'a line break must come before it');
      assert.equal(keepsLink('anything\n', ''), false);
    });
  });

  describe('text message length', () => {
    it('appends one trailing space, never two', () => {
      assert.equal(withTrailingSpace('Hello'), 'Hello ');
      assert.equal(withTrailingSpace('Hello '), 'Hello ');
    });

    it('counts characters as typed, not the appended space, and emoji as one', () => {
      assert.equal(smsLength('Hello '), 5);
      assert.equal(smsLength('🌷 x'), 3);
    });
  });

  describe('entry lists', () => {
    it('sends only filled, trimmed entries', () => {
      assert.deepEqual(filledEntries([' a@b.co ', '', '  ', 'c@d.co']), ['a@b.co', 'c@d.co']);
    });
  });
});
