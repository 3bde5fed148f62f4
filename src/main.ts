/**
 * Entry point: the only place that reads the environment. Validates the configuration (refusing to
 * start with a message naming each bad setting), then starts the server and stops it gracefully on
 * SIGTERM/SIGINT: readiness fails at once, the drain runs (app.ts `close`), and the process is gone
 * by SVC_SHUTDOWN_TIMEOUT_MS whatever happens (docs/adr/0056-health-readiness-and-graceful-drain.md).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type ServerDependencies } from './app.js';
import { loadProductConfig } from './plugins/productModules.js';
import { ConfigError } from './platform/config/config.js';
import { drainPlan } from './platform/config/shutdownSettings.js';
import { systemClock } from './platform/scheduler/index.js';
import { resolveJwtSecret } from './platform/config/secrets.js';
import { createLogger, type Logger } from './platform/log/logger.js';

/**
 * The development module (src/plugins/dev: playground at `/`, `/api/v1/dev/*`). Held in a `string` so the
 * compiler does not follow the import: tsconfig.build.json excludes src/plugins/dev and the release build
 * has no such file.
 */
const DEV_MODULE: string = './plugins/dev/index.js';

function productVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return '0.0.0';
      dir = parent;
    }
  }
}

/**
 * Where the console's build is unless SVC_CONSOLE_DIR says: beside the compiled server in a release
 * build (`dist/web` for `dist/src/main.js`, `build/<hash>/web`), web/dist when running from sources
 * (`npm run dev`, which runs `npm run build:web` first).
 */
function defaultConsoleDir(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? join(dirname(here), '..', 'web', 'dist') : join(dirname(here), '..', 'web');
}

/** The development module's routes, or undefined (with a warning) when this build does not contain it. */
async function loadDevRoutes(logger: Logger): Promise<ServerDependencies['extraRoutes']> {
  const url = new URL(DEV_MODULE, import.meta.url);
  try {
    const module = (await import(DEV_MODULE)) as { devRoutes: NonNullable<ServerDependencies['extraRoutes']> };
    return module.devRoutes;
  } catch (error) {
    // Only the module itself missing is expected (a release build); anything else is a real failure. The
    // bundled release loads it with `require` (scripts/startBuild/codeCache.mjs), whose message names the specifier.
    const { code } = error as NodeJS.ErrnoException;
    const message = String((error as Error).message);
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' && message.includes(fileURLToPath(url))) ||
      (code === 'MODULE_NOT_FOUND' && message.includes(`'${DEV_MODULE}'`));
    if (!missing) throw error;
    logger.warn(
      'SVC_ENV=development, but this is a release build without the development module: no playground at / and no /api/v1/dev/*; run `npm run dev` for them',
      { module: fileURLToPath(url) },
    );
    return undefined;
  }
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadProductConfig>;
  try {
    config = loadProductConfig(process.env, { env: 'production', consoleDir: defaultConsoleDir() });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  logger.redact(config.secrets);
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.database.dataDir, logger);
  const extraRoutes = config.env === 'development' ? await loadDevRoutes(logger) : undefined;
  const server = await startServer(
    { ...config, jwtSecret },
    { logger, version: productVersion(), ...(extraRoutes ? { extraRoutes } : {}) },
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const plan = drainPlan(config.shutdown, signal);
    logger.info('shutting down', { signal, ...plan, deadlineMs: config.shutdown.timeoutMs });
    // The last resort: a stop that hangs (a database that no longer answers) must not outlive the
    // orchestrator's patience. Nothing acknowledged is lost by it: an answer waits for its commit.
    // Unref'd (systemClock): a stop that finishes exits at once.
    systemClock.setTimer(config.shutdown.timeoutMs, () => {
      logger.error('shutdown deadline passed: exiting before the drain finished', { deadlineMs: config.shutdown.timeoutMs });
      process.exit(1);
    });
    server.close(plan).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('unhandledRejection', (error) => logger.error('unhandled rejection', { error }));
}

main().catch((error: unknown) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
