/**
 * The database's settings: `SVC_DATABASE_URL` (PostgreSQL, or unset for the embedded PGlite database),
 * `SVC_DATA_DIR` and `SVC_DB_COMMIT_WINDOW_MS`. Their own module because the store is one concept with
 * one slice of the configuration (`config.database`); cluster mode reads the URL from here too.
 */
import { integer, type ReadSetting } from './settingValues.js';

export interface DatabaseConfig {
  /** `postgres://` URL, or `undefined` for the embedded PGlite database in `dataDir`. */
  readonly url: string | undefined;
  readonly dataDir: string;
  /** Least time between the starts of two group commits (see BatchWriter). @default 2 */
  readonly commitWindowMs: number;
}

export function databaseSettings(read: ReadSetting, problems: string[]): DatabaseConfig {
  const commitWindowMs = integer(read('SVC_DB_COMMIT_WINDOW_MS'), 'SVC_DB_COMMIT_WINDOW_MS', { min: 0, max: 1000, fallback: 2 }, problems);

  const url = read('SVC_DATABASE_URL');
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) {
    problems.push('SVC_DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the embedded database)');
  }
  return { url, dataDir: read('SVC_DATA_DIR') ?? './data', commitWindowMs };
}
