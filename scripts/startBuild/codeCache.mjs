/**
 * V8's code cache for the release bundle (docs/adr/0089-release-bundle-code-cache.md). Compiling the server's
 * one 6 MB file cost about 160 ms of every start before any of its code ran; from V8's code cache it takes
 * about 20. Node 20 has no compile cache for modules (`module.enableCompileCache` came with Node 22), but a
 * `vm.Script` takes `cachedData`: so the release holds the server as CommonJS text (`main.bundle.cjs`, the
 * bundle bundle.mjs writes), `main.js` is a small ES module that runs it through a `vm.Script` with the cache
 * beside it (`main.bundle.cjs.cache`), and the build writes that cache in a node started with the server's
 * own V8 flags (V8 refuses a cache made under other flags, or by another V8, and then simply compiles: a
 * cache that does not fit costs the compile it would have saved, never a failure).
 *
 * Plain JavaScript: it runs before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

/** The bundled server, beside the entry `main.js` that runs it. */
export const BUNDLE_FILE = 'main.bundle.cjs';
export const CACHE_FILE = `${BUNDLE_FILE}.cache`;

/**
 * What the bundle's code sees as a CommonJS module's own names, and `import.meta.url` (bundle.mjs defines it
 * as `__releaseModuleUrl`): the entry's URL, so files found beside "this module" are found where they were.
 * The bundle's text is one function expression taking them (bundle.mjs writes these two lines around it): the
 * entry compiles the file as it is read, and a stack trace's line numbers and the source map stay true. Strict,
 * as the ES modules it was made of were (esbuild leaves its own "use strict" out when a banner comes first).
 */
export const BUNDLE_BANNER = '(function (exports, require, module, __filename, __dirname, __releaseModuleUrl) {"use strict";';
export const BUNDLE_FOOTER = '})';

/** The release's `src/main.js`: runs the bundle, from the code cache when one fits. */
export function entrySource() {
  return `// The server's entry in a release build (scripts/startBuild/codeCache.mjs wrote it): it runs the bundled
// server, ${BUNDLE_FILE}, compiled from V8's code cache beside it when that cache fits this node.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const bundle = fileURLToPath(new URL('./${BUNDLE_FILE}', import.meta.url));
const cache = () => {
  try {
    return readFileSync(fileURLToPath(new URL('./${CACHE_FILE}', import.meta.url)));
  } catch {
    return undefined; // no cache (a build that could not write one): compiled as it is
  }
};
const run = new Script(readFileSync(bundle, 'utf8'), { filename: bundle, cachedData: cache() }).runInThisContext();
const module = { exports: {} };
run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle), import.meta.url);
`;
}

/**
 * Writes the code cache of `<srcDir>/main.bundle.cjs` in a node started with `nodeFlags` (the server's own),
 * the way the entry will compile it. Throws with node's output when that fails.
 * @param {string} srcDir
 * @param {readonly string[]} nodeFlags
 */
export function writeCodeCache(srcDir, nodeFlags) {
  const result = spawnSync(process.execPath, [...nodeFlags, fileURLToPath(import.meta.url), join(srcDir, BUNDLE_FILE)], {
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `writing the code cache failed: ${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
    );
  }
}

/**
 * Compiles the bundle as the entry does, and writes what V8 made of it beside it (renamed into place: a reader never sees half).
 * @param {string} bundlePath
 */
function compileAndWrite(bundlePath) {
  const script = new Script(readFileSync(bundlePath, 'utf8'), { filename: bundlePath });
  const cache = `${bundlePath}.cache`;
  const part = `${cache}.tmp-${process.pid}`;
  writeFileSync(part, script.createCachedData());
  renameSync(part, cache);
}

/** `node <the server's flags> scripts/startBuild/codeCache.mjs <dir>/main.bundle.cjs` (writeCodeCache). */
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const bundlePath = process.argv[2];
  if (!bundlePath) {
    process.stderr.write('usage: node <flags> scripts/startBuild/codeCache.mjs <dir>/main.bundle.cjs\n');
    process.exit(2);
  }
  compileAndWrite(resolve(bundlePath));
}
