import assert from 'node:assert/strict';
import { refererSite } from './referer.service.ts';

describe('the site a view came from', () => {
  const own = ['tribute.example.com', '127.0.0.1'];
  it('is the Referer host, lower case, without www.', () => {
    assert.equal(refererSite('https://WWW.Cedar-Funeral.example/obituaries/walter?x=1', own), 'cedar-funeral.example');
    assert.equal(refererSite('http://m.facebook.com/', own), 'm.facebook.com');
  });
  it('is none without a Referer, for what is not a web address, and for the product itself', () => {
    for (const referer of [undefined, '', 'not a url', 'android-app://com.example', 'https://tribute.example.com/videos/1/details', 'http://127.0.0.1:8080/x']) {
      assert.equal(refererSite(referer, own), null, String(referer));
    }
  });
});
