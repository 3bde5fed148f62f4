import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root directory, wherever the test file that asks sits under test/. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
