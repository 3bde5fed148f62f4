/**
 * The JWT secret: SVC_JWT_SECRET when set, else a random one generated once into the data dir
 * (mode 0600) and reused on every start, with a warning: several instances over one database must
 * share an explicit SVC_JWT_SECRET.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../log/logger.js';
import type { SecretKeys } from './secretBox.js';

export const JWT_SECRET_FILE = 'jwt-secret';
export const AUTH_SECRET_KEY_FILE = 'auth-secret-key';

export function resolveJwtSecret(configured: string | undefined, dataDir: string, logger: Logger): string {
  return resolveGeneratedSecret(configured, dataDir, JWT_SECRET_FILE, 'SVC_JWT_SECRET', logger);
}

/**
 * The key secrets at rest are encrypted with (secretBox.ts: sign-in providers' bind passwords and
 * client secrets, webhooks' signing secrets), the same way: SVC_AUTH_SECRET_KEY, else generated once
 * into the data dir. Losing it makes the stored secrets unreadable (an admin sets them again); what
 * holds them keeps working for everything else, and nothing is sent unsigned.
 */
export function resolveAuthSecretKey(configured: string | undefined, dataDir: string, logger: Logger): string {
  return resolveGeneratedSecret(configured, dataDir, AUTH_SECRET_KEY_FILE, 'SVC_AUTH_SECRET_KEY', logger);
}

/**
 * The keys of secrets at rest, resolved on first call (one read of the data dir, one warning) and
 * the same after: the current key (`resolveAuthSecretKey`) and SVC_AUTH_SECRET_KEY_PREVIOUS.
 */
export function lazySecretKeys(
  configured: string | undefined,
  previous: string | undefined,
  dataDir: string,
  logger: Logger,
): () => SecretKeys {
  let keys: SecretKeys | undefined;
  return () => (keys ??= { current: resolveAuthSecretKey(configured, dataDir, logger), previous });
}

function resolveGeneratedSecret(
  configured: string | undefined,
  dataDir: string,
  fileName: string,
  setting: string,
  logger: Logger,
): string {
  if (configured !== undefined) return configured;
  const file = join(dataDir, fileName);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) {
      logger.redact([stored]);
      logger.warn(`${setting} is not set; using the secret generated earlier in the data dir`, { file });
      return stored;
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  logger.redact([secret]);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  logger.warn(
    `${setting} is not set; generated a random secret into the data dir. Set ${setting} explicitly when running several instances.`,
    { file },
  );
  return secret;
}
