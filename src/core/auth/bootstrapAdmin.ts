/**
 * The first admin: created at start when there are no users at all, with the configured password
 * or a generated one that is printed once (it is not stored anywhere but as a hash).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '../../platform/log/logger.js';
import { hashPassword } from './passwordHash.js';

export interface BootstrapAdminSettings {
  readonly username: string;
  readonly password: string | undefined;
  readonly email: string;
}

export type BootstrapOutcome =
  | { readonly created: false }
  | { readonly created: true; readonly username: string; readonly generatedPassword: string | undefined };

export async function ensureBootstrapAdmin(
  knex: Knex,
  settings: BootstrapAdminSettings,
  now: number,
  logger: Logger,
  passwordHashCost: number,
): Promise<BootstrapOutcome> {
  const existing = await knex('users').count({ n: '*' }).first();
  if (Number(existing?.['n'] ?? 0) > 0) return { created: false };
  const generatedPassword = settings.password === undefined ? randomBytes(18).toString('base64url') : undefined;
  const at = new Date(now).toISOString();
  await knex('users').insert({
    id: randomUUID(),
    username: settings.username,
    email: settings.email,
    password_hash: await hashPassword(settings.password ?? generatedPassword!, passwordHashCost),
    role: 'admin',
    active: true,
    created_at: at,
    updated_at: at,
  });
  if (generatedPassword !== undefined) {
    logger.warn('created the bootstrap admin with a generated password; it is shown only this once, change it after signing in', {
      username: settings.username,
      password: generatedPassword,
    });
  } else {
    logger.info('created the bootstrap admin with the password from SVC_BOOTSTRAP_ADMIN_PASSWORD', { username: settings.username });
  }
  return { created: true, username: settings.username, generatedPassword };
}
