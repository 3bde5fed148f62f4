/**
 * Writes the gzip and brotli forms of the console's text files beside them (`x.js.gz`, `x.js.br`),
 * once, when the console is built: the server reads them at start (src/plugins/console/consoleFiles.ts)
 * and compresses nothing itself, so a start costs no CPU for them and an answer costs none either.
 * Highest compression levels: the cost is paid once per build. A form that is not smaller than the
 * file is not written.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** @param {string} dir a built console @returns {Promise<number>} compressed forms written */
export async function precompress(dir) {
  const names = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => COMPRESSIBLE.has(extname(name).toLowerCase()));
  const written = await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const content = readFileSync(path);
      const [gz, br] = await Promise.all([
        gzipAsync(content, { level: 9 }),
        brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      ]);
      let count = 0;
      if (gz.length < content.length) {
        writeFileSync(`${path}.gz`, gz);
        count += 1;
      }
      if (br.length < content.length) {
        writeFileSync(`${path}.br`, br);
        count += 1;
      }
      return count;
    }),
  );
  return written.reduce((a, b) => a + b, 0);
}

/** `node scripts/startBuild/precompress.mjs <dir>` (after `vite build` in package.json's scripts). */
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = process.argv[2];
  if (!dir) {
    process.stderr.write('usage: node scripts/startBuild/precompress.mjs <built console directory>\n');
    process.exit(2);
  }
  await precompress(resolve(dir));
}
