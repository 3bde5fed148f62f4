/**
 * `npm start`: run the release build of the current sources, compiling it first only if these
 * sources have not been built yet (startBuild/ensureBuild.mjs). Plain JavaScript, because it runs
 * before anything is compiled. The server runs in this process (no child to forward signals to):
 * its SIGTERM handling and exit code are the server's own.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuild } from './startBuild/ensureBuild.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** One JSON line on stdout, like the server's own logs. @param {{ level: string, msg: string } & Record<string, unknown>} record */
function log({ level, msg, ...fields }) {
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields })}\n`);
}

let build;
try {
  build = await ensureBuild(root, log);
} catch (error) {
  process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await import(pathToFileURL(join(build.dir, 'src', 'main.js')).href);
