/**
 * Turns a compiled tree (tsc's output of tsconfig.build.json) into a release that starts fast: the
 * server, every module it imports and the packages they use become one file, `src/main.bundle.cjs`,
 * which the entry `src/main.js` runs from V8's code cache (codeCache.mjs: the bundle's compile was
 * about 160 ms of every start), and the worker threads' entry `src/productWorker.js` is replaced by one
 * file too (the pool looks for it beside the module that creates it, main.js's). Loading some 1,300
 * files (about 400 of ours, lodash's 250 through knex, graphql's 130, ...) cost about 0.8 s of CPU
 * at every start, mostly the module loader's resolving, reading and linking, not the code itself;
 * one file costs about 0.25 s (docs/adr/0031-release-build-and-runtime-flags.md).
 *
 * The code is tsc's output, bundled as it is (no minifying, no other transform), so what runs is what
 * the compiler checked. The other compiled files stay (the licence CLI, tests and tools import them).
 * Files are written beside their place and renamed over it, so a reader never sees half of one.
 *
 * Left outside (imported from node_modules at run time, as before): packages that load files of
 * their own at run time (uWebSockets.js's native binary, PGlite's WebAssembly and data files,
 * piscina's worker script, msgpackr's optional native extension), OpenTelemetry (imported dynamically only when
 * tracing is configured: outside, an untraced server loads none of it), and drivers that knex would load
 * only for other databases (packages that are not installed, imported from inside node_modules).
 */
import { createRequire } from 'node:module';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUNDLE_BANNER, BUNDLE_FILE, BUNDLE_FOOTER, entrySource, writeCodeCache } from './codeCache.mjs';

const OUTSIDE = ['uWebSockets.js', '@electric-sql/pglite', '@electric-sql/pglite/*', 'piscina', 'msgpackr', '@opentelemetry/*'];

/** `require` for the bundled CommonJS packages (an ES module has none); named so no bundled name collides. */
const BANNER =
  "import { createRequire as __releaseCreateRequire } from 'node:module';\nconst require = __releaseCreateRequire(import.meta.url);";

/**
 * @param {string} root the checkout (esbuild is resolved from its node_modules)
 * @param {string} outDir tsc's output directory (holding `src/main.js`)
 */
export async function bundleRelease(root, outDir) {
  /** @type {typeof import('esbuild')} */
  const esbuild = createRequire(join(root, 'package.json'))('esbuild');
  const src = join(outDir, 'src');
  /** @type {import('esbuild').BuildOptions} */
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    // The packages of this checkout, also for a tree compiled elsewhere (tests compile into a temporary directory).
    nodePaths: [join(root, 'node_modules')],
    // tsc's source maps are read and carried through, so a stack trace still leads to the .ts line.
    sourcemap: 'linked',
    external: OUTSIDE,
    plugins: [missingDriversOutside],
    write: false,
    logLevel: 'silent',
  };
  const results = await Promise.all([
    // The server: CommonJS text that the entry runs through a vm.Script from V8's code cache (codeCache.mjs).
    // No `import()` may stay in it (a vm.Script's own dynamic import needs an experimental flag on Node 20):
    // esbuild turns each into a `require` (the packages left outside all have a CommonJS entry).
    esbuild.build({
      ...common,
      entryPoints: [join(src, 'main.js')],
      outfile: join(src, BUNDLE_FILE),
      format: 'cjs',
      banner: { js: BUNDLE_BANNER },
      footer: { js: BUNDLE_FOOTER },
      supported: { 'dynamic-import': false },
      define: { 'import.meta.url': '__releaseModuleUrl' },
    }),
    // The worker threads' module: an ES module as piscina loads it.
    esbuild.build({
      ...common,
      entryPoints: [join(src, 'productWorker.js')],
      outfile: join(src, 'productWorker.js'),
      format: 'esm',
      banner: { js: BANNER },
      allowOverwrite: true,
    }),
  ]);
  for (const warning of results.flatMap((result) => result.warnings)) {
    // A dynamic import of a computed path (main.ts's development module) is meant to stay one.
    if (!/cannot be bundled|will not be bundled/i.test(warning.text)) process.stderr.write(`bundle: ${warning.text}\n`);
  }
  for (const file of results.flatMap((result) => result.outputFiles ?? [])) writeInPlace(file.path, file.contents);
  writeInPlace(join(src, 'main.js'), entrySource());
  // tsc's map of the compiled main.js would describe a file that is no longer there.
  rmSync(join(src, 'main.js.map'), { force: true });
  const { SERVER_NODE_FLAGS } = await import(pathToFileURL(join(src, 'platform', 'config', 'runtimeFlags.js')).href);
  writeCodeCache(src, SERVER_NODE_FLAGS);
}

/**
 * @param {string} path
 * @param {string | Uint8Array} contents
 */
function writeInPlace(path, contents) {
  const part = `${path}.tmp-${process.pid}`;
  writeFileSync(part, contents);
  renameSync(part, path);
}

/**
 * A package imported from inside node_modules that is not installed stays an import (knex names
 * every dialect's driver; only pg is installed). An import of ours that resolves nowhere is still an
 * error (tsc has refused it before this runs anyway).
 * @type {import('esbuild').Plugin}
 */
const missingDriversOutside = {
  name: 'missing-drivers-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'probe' || !args.importer.includes('/node_modules/')) return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'probe',
      });
      return found.errors.length > 0 ? { path: args.path, external: true } : undefined;
    });
  },
};

/** `node scripts/startBuild/bundle.mjs <outDir>` (`npm run build`: after tsc, on dist/). */
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const outDir = process.argv[2];
  if (!outDir) {
    process.stderr.write('usage: node scripts/startBuild/bundle.mjs <tsc output directory>\n');
    process.exit(2);
  }
  await bundleRelease(root, resolve(outDir));
}
