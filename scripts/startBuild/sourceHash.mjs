/**
 * The content hash that names a release build: every file under src/ and web/ (the console's
 * sources, not its outputs web/dist and web/node_modules), the tsconfig*.json files, package.json
 * and package-lock.json (which pins the compilers), each with its path. Two checkouts with the same
 * sources get the same name; any change to what the build reads gives a new one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Bump when the way start builds changes, so builds made the old way are not reused. */
const RECIPE = 'start-build/3';

/** @param {string} root the checkout @returns {string} 16 hex characters */
export function sourceHash(root) {
  const hash = createHash('sha256').update(RECIPE).update('\0');
  for (const path of hashedFiles(root)) {
    const content = readFileSync(join(root, path));
    hash.update(`${path}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex').slice(0, 16);
}

/** @param {string} root @returns {string[]} paths relative to root, with `/`, sorted */
export function hashedFiles(root) {
  const top = readdirSync(root).filter(
    (name) => /^tsconfig.*\.json$/.test(name) || name === 'package.json' || name === 'package-lock.json',
  );
  const files = top.filter((name) => existsSync(join(root, name)));
  collect(root, 'src', files);
  if (existsSync(join(root, 'web'))) collect(root, 'web', files);
  return files.sort();
}

/** Build outputs and installed packages inside a source tree: not sources. */
const NOT_SOURCES = new Set(['web/dist', 'web/node_modules']);

/** @param {string} root @param {string} dir @param {string[]} into */
function collect(root, dir, into) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!NOT_SOURCES.has(path)) collect(root, path, into);
    } else if (entry.isFile()) into.push(path);
  }
}
