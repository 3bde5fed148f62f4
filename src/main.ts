/**
 * Entry point: the only place that reads the environment. Validates the configuration (refusing to
 * start with a message naming each bad setting), then starts the server and stops it gracefully on
 * SIGTERM/SIGINT.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { resolveJwtSecret } from './config/secrets.js';
import { createLogger } from './log/logger.js';

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

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.database.dataDir, logger);
  const server = await startServer({ ...config, jwtSecret }, { logger, version: productVersion() });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    server.close().then(
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
