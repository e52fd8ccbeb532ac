import { stopEmbedded } from './database.ts';

/** Mocha global fixture: stops the embedded PostgreSQL (if this run started one) after every file has run. */
export async function mochaGlobalTeardown(): Promise<void> {
  await stopEmbedded();
}
