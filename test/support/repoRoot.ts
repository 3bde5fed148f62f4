import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root directory. `npm test` runs the files compiled into a mirror tree
 * (scripts/testBuild.mjs) and names the checkout in SVC_TEST_CHECKOUT; a file run directly
 * (`node --import tsx --test <file>`) sits in the checkout, two levels below its root.
 */
export const REPO_ROOT = process.env['SVC_TEST_CHECKOUT'] ?? resolve(dirname(fileURLToPath(import.meta.url)), '../..');
