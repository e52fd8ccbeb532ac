import os from 'node:os';
import { DatabaseInUse } from '../../server/src/db/embedded.ts';

/** A problem the user can fix; the command prints its message alone, without a stack trace. */
export class UserError extends Error {}

/**
 * Runs a command-line entry point: exit code 0 on success, 1 with a readable message on failure. A Ctrl-C
 * ends it through process.exit, so the 'exit' hooks stop an embedded PostgreSQL and remove temporary files.
 */
export function runCli(main: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopped before the end.`);
      process.exit(128 + os.constants.signals[signal]);
    });
  }
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof UserError || err instanceof DatabaseInUse ? err.message : err);
      process.exit(1);
    },
  );
}
