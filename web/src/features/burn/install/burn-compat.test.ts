import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MIN_CHROME_VERSION, MIN_FIREFOX_VERSION } from '../../../../../common/burn-support.ts';
import { BURN_COMPATIBILITY_NOTE, burnBrowser, burnSupport, burnSystem, type BurnSupport } from './burn-compat.ts';

type Row = [label: string, userAgent: string, expected: 'unsupported' | `ok ${string}` | `upgrade ${string}`];

/** Real user agent strings, as the browsers send them, and what the rule makes of each. */
const TABLE: Row[] = [
  ['Chrome 131, Windows 11', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'ok windows chrome'],
  ['Edge 131, Windows 10', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'ok windows edge'],
  ['Firefox 133, Windows 10', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'ok windows firefox'],
  ['Firefox ESR 128, Windows 10', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', 'ok windows firefox'],
  ['Firefox ESR 115, Windows 10', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0', 'upgrade browser firefox'],
  ['Firefox 126, Windows 10', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0', 'upgrade browser firefox'],
  ['Chrome 104, Windows 10', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/104.0.0.0 Safari/537.36', 'upgrade browser chrome'],
  ['Edge 79, Windows 10', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.74 Safari/537.36 Edg/79.0.309.43', 'upgrade browser edge'],
  ['Edge Legacy 18, Windows 10', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045', 'upgrade browser edge'],
  ['Chrome 109, Windows 7', 'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36', 'upgrade system chrome'],
  ['Edge 109, Windows 8.1', 'Mozilla/5.0 (Windows NT 6.3; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36 Edg/109.0.1518.140', 'upgrade system edge'],
  ['Firefox ESR 115, Windows 8', 'Mozilla/5.0 (Windows NT 6.2; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0', 'upgrade system firefox'],
  ['Firefox 52, Windows XP', 'Mozilla/5.0 (Windows NT 5.1; rv:52.0) Gecko/20100101 Firefox/52.0', 'upgrade system firefox'],
  ['Opera 106, Windows 10', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0', 'unsupported'],
  // Chrome and Firefox report every Mac from 10.15 on, Intel or Apple silicon, as "Intel Mac OS X 10_15_7" / "10.15".
  ['Chrome 131, macOS (Intel or Apple silicon)', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'ok macos chrome'],
  ['Edge 131, macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'ok macos edge'],
  ['Firefox 133, macOS on Apple silicon', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0', 'ok macos firefox'],
  ['Chrome 116, macOS 10.13 High Sierra', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Safari/537.36', 'upgrade system chrome'],
  ['Firefox ESR 115, macOS 10.14 Mojave', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.14; rv:115.0) Gecko/20100101 Firefox/115.0', 'upgrade system firefox'],
  ['Safari 17, macOS (and an iPad asking for the desktop site)', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15', 'unsupported'],
  ['Chrome 131, Linux', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'ok linux chrome'],
  ['Firefox ESR 153, Debian', 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0', 'ok linux firefox'],
  ['Firefox 133, Ubuntu', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'ok linux firefox'],
  ['Chromium, 64-bit ARM Linux (no helper build)', 'Mozilla/5.0 (X11; Linux aarch64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'unsupported'],
  ['Chrome OS', 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'unsupported'],
  ['Safari, iPad', 'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1', 'unsupported'],
  ['Chrome, iPad', 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1', 'unsupported'],
  ['Chrome, iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'unsupported'],
  ['Chrome, Android', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'unsupported'],
  ['Firefox, Android', 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'unsupported'],
  ['Samsung Internet, Android', 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'unsupported'],
];

function describeSupport(support: BurnSupport): string {
  if (support.kind === 'ok') return `ok ${support.system} ${support.browser}`;
  if (support.kind === 'upgrade') return `upgrade ${support.upgrade} ${support.browser}`;
  return 'unsupported';
}

describe('where the burn tool is offered', () => {
  for (const [label, userAgent, expected] of TABLE) {
    it(`${label}: ${expected}`, () => {
      const support = burnSupport(userAgent);
      assert.equal(describeSupport(support), expected);
      // The details page offers Burn DVD as is only where both answers are set.
      const ok = expected.startsWith('ok');
      assert.equal(burnBrowser(userAgent) !== null, ok);
      assert.equal(burnSystem(userAgent) !== null, ok);
    });
  }

  it('tells the staff member what to upgrade, by name and version', () => {
    const said = (userAgent: string) => {
      const support = burnSupport(userAgent);
      assert.equal(support.kind, 'upgrade');
      return support.kind === 'upgrade' ? support.message : '';
    };
    const win7 = said(TABLE.find(([label]) => label === 'Chrome 109, Windows 7')![1]);
    assert.match(win7, /runs Windows 7, which is too old/);
    assert.match(win7, /needs Windows 10 or 11/);
    assert.match(said(TABLE.find(([label]) => label === 'Edge 109, Windows 8.1')![1]), /runs Windows 8\.1/);
    assert.match(said(TABLE.find(([label]) => label === 'Chrome 116, macOS 10.13 High Sierra')![1]), /runs macOS 10\.13 \(High Sierra\).*macOS 10\.15 \(Catalina\) or later/);
    const esr = said(TABLE.find(([label]) => label === 'Firefox ESR 115, Windows 10')![1]);
    assert.match(esr, new RegExp(`Firefox 115, which is too old .* version ${MIN_FIREFOX_VERSION} or later`));
    assert.match(esr, /Help, then About Firefox/);
    assert.match(said(TABLE.find(([label]) => label === 'Edge 79, Windows 10')![1]), new RegExp(`Microsoft Edge 79, which .* version ${MIN_CHROME_VERSION} or later.*About Microsoft Edge`));
    assert.match(said(TABLE.find(([label]) => label === 'Edge Legacy 18, Windows 10')![1]), /old Microsoft Edge.*install the new Microsoft Edge/);
  });

  it('takes its minimums from the extension manifests, and starts exactly there', () => {
    const manifest = (name: string) => JSON.parse(readFileSync(new URL(`../../../../../extension/manifest.${name}.json`, import.meta.url), 'utf8')) as Record<string, never>;
    assert.equal(`${MIN_CHROME_VERSION}`, manifest('chrome').minimum_chrome_version);
    assert.equal(`${MIN_FIREFOX_VERSION}.0`, (manifest('firefox').browser_specific_settings as { gecko: { strict_min_version: string } }).gecko.strict_min_version);
    const chrome = (v: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`;
    const firefox = (v: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`;
    assert.equal(burnSupport(chrome(MIN_CHROME_VERSION)).kind, 'ok');
    assert.equal(burnSupport(chrome(MIN_CHROME_VERSION - 1)).kind, 'upgrade');
    assert.equal(burnSupport(firefox(MIN_FIREFOX_VERSION)).kind, 'ok');
    assert.equal(burnSupport(firefox(MIN_FIREFOX_VERSION - 1)).kind, 'upgrade');
    assert.match(BURN_COMPATIBILITY_NOTE, new RegExp(`Windows 10 or above, macOS 10\\.15 \\(Catalina\\) or above and 64-bit Linux, with Chrome or Edge ${MIN_CHROME_VERSION} or later, or Firefox ${MIN_FIREFOX_VERSION} or later`));
  });
});
