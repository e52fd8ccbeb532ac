/**
 * The native helper's entry. The browser starts it for a connection and talks native messaging over stdin and
 * stdout; it ends when the browser closes stdin (after any burn or update in flight has finished, since
 * stopping a burn half way ruins the disc). stdout carries frames only: logs go to log.ts.
 */
import { isSea } from 'node:sea';
import type { ReplyFrame } from '../../common/burn-protocol.ts';
import { PLAIN_HTTP_WARNING } from '../../common/secure-url.ts';
import { dispatch } from './dispatch.ts';
import { encodeReply, FrameDecoder } from './framing.ts';
import { log } from './log.ts';
import { Session } from './session.ts';
import { cleanOldExecutable } from './updater.ts';
import { HELPER_VERSION } from './version.ts';

let stdoutOpen = true;
process.stdout.on('error', (error) => {
  // The browser went away: nobody is left to answer.
  stdoutOpen = false;
  log('stdout closed', error.message);
});
process.on('uncaughtException', (error) => log('uncaught', error));
process.on('unhandledRejection', (error) => log('unhandled rejection', error));

if (isSea()) {
  try {
    cleanOldExecutable();
  } catch (error) {
    log('could not remove the previous build', error);
  }
}

function send(frame: ReplyFrame): void {
  if (!stdoutOpen) return;
  const bytes = encodeReply(frame);
  if (frame.final && frame.reply.type === 'update_finish' && session.exitRequested) {
    // The new build is in place: exit once the browser has the answer, so its next connection starts it.
    process.stdout.write(bytes, () => {
      log('exiting for the update');
      process.exit(0);
    });
    return;
  }
  process.stdout.write(bytes);
}

const session = new Session(send);
const decoder = new FrameDecoder();
log('helper', HELPER_VERSION, 'started', session.configResult.ok ? `with ${session.configResult.file}` : session.configResult.message);
if (session.configResult.ok && session.configResult.config.allowPlainHttp) log(PLAIN_HTTP_WARNING.replace('ALLOW_PLAIN_HTTP is set', `${session.configResult.file} allows plain http`));

process.stdin.on('data', (chunk: Buffer) => {
  for (const decoded of decoder.push(chunk)) dispatch(decoded, session);
});

let ending = false;
async function end(): Promise<void> {
  if (ending) return;
  ending = true;
  session.ready?.downloader.cancelAll();
  if (session.pending.size) log('stdin closed; waiting for', session.pending.size, 'requests');
  while (session.pending.size) await Promise.allSettled([...session.pending]);
  log('helper ends');
  process.exit(0);
}
// A browser ends its host with SIGTERM when the port closes (Chrome a moment after closing stdin). A burn cut
// half way ruins the disc, so while one runs the signal only leads to the same orderly end as a closed stdin.
process.on('SIGTERM', () => {
  if (!session.burning) process.exit(0);
  log('SIGTERM during a burn: finishing it first');
  void end();
});
process.stdin.on('end', () => void end());
process.stdin.on('close', () => void end());
