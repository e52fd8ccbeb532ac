/**
 * Burn DVD on a page that has not heard the extension yet: an installed extension that answers late (Firefox waking
 * its background page, the helper starting) still opens the burn window instead of the install dialog, as long as
 * the page is young; an old page without an answer gets the install dialog at once.
 */
import assert from 'node:assert/strict';
import { waitForExtension, YOUNG_PAGE_GRACE_MS } from './useBurnTools.ts';

/** A detection whose answer the test gives, on a clock the test moves. */
function detection(startedAt: number) {
  let found = false;
  let answer = () => undefined as void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  return {
    state: { settled: Promise.resolve(), answered, startedAt, isFound: () => found },
    answerNow() {
      found = true;
      answer();
    },
  };
}

describe('Burn DVD waits for a late extension on a young page', () => {
  it('counts an answer that comes during the grace: the window opens, not the install dialog', async () => {
    const d = detection(0);
    const slept: number[] = [];
    const result = waitForExtension(d.state, () => 1500, (ms) => {
      slept.push(ms);
      return new Promise(() => undefined); // the grace outlasts the answer
    });
    setTimeout(() => d.answerNow(), 10);
    assert.equal(await result, true);
    assert.deepEqual(slept, [YOUNG_PAGE_GRACE_MS - 1500], 'waits only for what is left of the grace');
  });

  it('says not installed once the grace is over without an answer', async () => {
    const d = detection(0);
    assert.equal(await waitForExtension(d.state, () => 1000, () => Promise.resolve()), false);
  });

  it('does not wait on a page older than the grace, nor once the extension has answered', async () => {
    const old = detection(0);
    let waited = false;
    const sleep = () => {
      waited = true;
      return Promise.resolve();
    };
    assert.equal(await waitForExtension(old.state, () => YOUNG_PAGE_GRACE_MS + 1, sleep), false);
    const heard = detection(0);
    heard.answerNow();
    assert.equal(await waitForExtension(heard.state, () => 100, sleep), true);
    assert.equal(waited, false);
  });
});
