/**
 * The node suite's JavaScript: every TypeScript file the tests can load (src/, test/, bench/,
 * scripts/, web/src/) compiled once, file by file, by esbuild (the compiler tsx uses, with the same
 * settings: tsconfig.json's), into a tree that mirrors the checkout, so the test processes load plain
 * JavaScript without a loader hook.
 *
 * Why: under tsx every module a test process loads goes through the loader's hooks on their own
 * thread; loading the product cost about 2.0 s of CPU per test file that way against 0.9 s compiled,
 * and the suite starts some 250 processes (test/README.md "Timings", measured side by side).
 *
 * The tree is kept in node_modules/.cache/svc-test-js/<hash of every input>/, built in a scratch
 * directory and published by renaming it, so two runs at once see none or a whole one. Files that are
 * not TypeScript (the scripts' .mjs, the console's .tsx and .css) are linked, so they load from the
 * checkout itself. Each compiled file carries an inline source map, and the tests run with
 * --enable-source-maps, so a failure names the line of the .ts file.
 *
 * The tests find the checkout through SVC_TEST_CHECKOUT (test/support/repoRoot.ts), never through
 * their own location, which is the mirror.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The folders whose TypeScript a test may import (directly or through what it imports). */
const TREES = ['src', 'test', 'bench', 'scripts', 'web/src'];
/** Bump when the way files are compiled changes, so an older tree is not reused. */
const FORMAT = 1;
/** Older trees are removed once this old (a run that is still using one is not disturbed). */
const KEEP_MS = 60 * 60 * 1000;

/**
 * Every file under the trees, relative to `root`, skipping the console's build output.
 * @param {string} root
 * @returns {string[]}
 */
function inputFiles(root) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} dir */
  const walk = (dir) => {
    if (!existsSync(join(root, dir))) return;
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (entry.isFile()) files.push(path);
    }
  };
  for (const tree of TREES) walk(tree);
  return files.sort();
}

/**
 * The compiled tree for the checkout at `root` (built when missing); its path.
 * @param {string} root
 * @returns {Promise<string>}
 */
export async function buildTestTree(root) {
  const require = createRequire(join(root, 'package.json'));
  /** @type {typeof import('esbuild')} */
  const esbuild = require('esbuild');
  const files = inputFiles(root);
  const hash = createHash('sha256').update(`${FORMAT}\n${esbuild.version}\n`);
  const contents = new Map();
  for (const file of files) {
    const content = readFileSync(join(root, file));
    contents.set(file, content);
    hash.update(`${file}\n${content.length}\n`).update(content);
  }
  const cache = join(root, 'node_modules', '.cache', 'svc-test-js');
  const out = join(cache, hash.digest('hex').slice(0, 16));
  if (existsSync(out)) return out;

  const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
  const scratch = `${out}.tmp-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  // A mirror under node_modules/ would otherwise be CommonJS: the package scope lookup stops there.
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, 'package.json'), '{ "type": "module", "private": true }\n');
  await Promise.all(
    files.map(async (file) => {
      const target = join(scratch, file);
      mkdirSync(dirname(target), { recursive: true });
      if (!file.endsWith('.ts')) {
        symlinkSync(join(root, file), target);
        return;
      }
      const { code } = await esbuild.transform(contents.get(file), {
        loader: 'ts',
        format: 'esm',
        platform: 'node',
        target: 'node20',
        sourcemap: 'inline',
        sourcefile: join(root, file),
        tsconfigRaw: { compilerOptions },
      });
      writeFileSync(target.replace(/\.ts$/, '.js'), code);
    }),
  );
  try {
    renameSync(scratch, out);
  } catch (error) {
    // Another run published the same tree first: use theirs.
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(out)) throw error;
  }
  for (const entry of readdirSync(cache)) {
    const path = join(cache, entry);
    if (path !== out && Date.now() - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { recursive: true, force: true });
  }
  return out;
}
