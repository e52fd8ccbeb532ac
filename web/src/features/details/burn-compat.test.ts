import assert from 'node:assert/strict';
import { burnBrowser, burnSystem } from './burn-compat.ts';

const win10 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)';
const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)';
const linux = 'Mozilla/5.0 (X11; Linux x86_64)';

describe('where the burn tool is offered', () => {
  it('takes Chrome, Firefox and Edge 79 or later on Windows 7 and above', () => {
    assert.equal(burnBrowser(`${win10} AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36`), 'chrome');
    assert.equal(burnBrowser('Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0'), 'firefox');
    assert.equal(burnBrowser(`${win10} AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.309.43 Safari/537.36 Edg/79.0.309.43`), 'edge');
    assert.equal(burnSystem(win10), 'windows');
  });

  it('takes the same browsers on macOS and Linux', () => {
    assert.equal(burnBrowser(`${mac} AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36`), 'chrome');
    assert.equal(burnBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:128.0) Gecko/20100101 Firefox/128.0'), 'firefox');
    assert.equal(burnBrowser(`${mac} AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91`), 'edge');
    assert.equal(burnBrowser(`${linux} AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36`), 'chrome');
    assert.equal(burnBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'), 'firefox');
    assert.equal(burnBrowser('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0'), 'firefox');
    assert.equal(burnSystem(mac), 'macos');
    assert.equal(burnSystem(linux), 'linux');
  });

  it('refuses Edge before 79, Opera, Safari, Windows Vista and XP', () => {
    assert.equal(burnBrowser(`${win10} AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.70 Safari/537.36 Edg/78.0.276.20`), null);
    assert.equal(burnBrowser(`${win10} AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.17763`), null);
    assert.equal(burnBrowser(`${win10} AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0`), null);
    assert.equal(burnBrowser(`${mac} AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15`), null);
    assert.equal(burnBrowser('Mozilla/5.0 (Windows NT 6.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36'), null);
    assert.equal(burnBrowser('Mozilla/5.0 (Windows NT 5.1; rv:52.0) Gecko/20100101 Firefox/52.0'), null);
  });

  it('refuses phones, tablets and Chrome OS', () => {
    assert.equal(burnBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'), null);
    assert.equal(burnBrowser('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1'), null);
    assert.equal(burnBrowser('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'), null);
    assert.equal(burnBrowser('Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'), null);
  });
});
