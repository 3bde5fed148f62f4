/**
 * The test files on disk, listed by walking test/ (no shell glob: `sh` does not expand `**`, and
 * node 20's --test globbing is limited, so a nested folder could be skipped without a word).
 * `node scripts/testFiles.mjs [node|browser]` prints them one a line.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Browser tests: their own script (`npm run test:browser`); every other file is the node suite. */
export const BROWSER_DIR = 'test/e2e';

/**
 * Files run in this order, the long ones first, so that with several at a time the short unit files
 * fill the gaps at the end instead of a release build starting last: the entry and release build
 * (integration/app), the other integration files, then the rest.
 * @param {string} file
 */
function startRank(file) {
  if (file.startsWith('test/integration/app/')) return 0;
  if (file.startsWith('test/integration/') || file.startsWith('test/cluster/')) return 1;
  return 2;
}

/**
 * Every `*.test.ts` under test/, relative to the root, in the order to start them (startRank, then by path).
 * @param {'node' | 'browser' | 'all'} which
 * @returns {string[]}
 */
export function testFiles(which = 'all') {
  /** @type {string[]} */
  const files = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  walk('test');
  const inBrowser = (/** @type {string} */ file) => file.startsWith(`${BROWSER_DIR}/`);
  const chosen = which === 'all' ? files : files.filter((file) => inBrowser(file) === (which === 'browser'));
  return chosen.sort((a, b) => startRank(a) - startRank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

if (process.argv[1] && relative(fileURLToPath(import.meta.url), process.argv[1]) === '') {
  const which = process.argv[2] ?? 'all';
  if (which !== 'node' && which !== 'browser' && which !== 'all') throw new Error(`usage: testFiles.mjs [node|browser|all], not ${which}`);
  for (const file of testFiles(which)) console.log(file);
}
