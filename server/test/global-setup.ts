import { dropRunTemplate, stopEmbedded } from './database.ts';

/**
 * Mocha global fixture: after every file has run, drops the run's template database and stops the embedded
 * PostgreSQL (if this run started one).
 */
export async function mochaGlobalTeardown(): Promise<void> {
  await dropRunTemplate();
  await stopEmbedded();
}
