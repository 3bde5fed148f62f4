/**
 * The operations console served under /app/ from the build in SVC_CONSOLE_DIR. Read once
 * at start into memory (consoleFiles.ts); a missing build is not an error: the API works without
 * it, /app/ answers 503 saying how to build it, and a warning says so at start.
 */
import type { ProductModule } from '../../platform/modules/module.js';
import { loadConsoleBuild } from './consoleFiles.js';
import { consoleRoutes } from './consoleRoutes.js';

export const consoleModule: ProductModule<object, object> = {
  name: 'console',
  create(kit) {
    const dir = kit.config.console.dir;
    const started = performance.now();
    const build = dir === undefined ? undefined : loadConsoleBuild(dir);
    if (build === undefined) {
      kit.logger.warn(
        'the console is not built here: /app/ answers 503 until it is (npm run build:web, or npm start); the API is not affected',
        { dir: dir ?? null },
      );
    } else {
      kit.logger.info('console loaded', {
        dir,
        files: build.files.size,
        bytes: build.bytes,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    }
    return { services: {}, routes: consoleRoutes(build) };
  },
};
