/**
 * Signing in: the first admin's account (`SVC_BOOTSTRAP_ADMIN_*`), the failed sign-in limits and the cost of
 * new password hashes (`SVC_AUTH_*`). Their own module because they are one concept, how accounts prove
 * themselves, with the production rules that keep sign-in from being guessed: limits on, hashes slow enough.
 */
import type { Environment } from './settings.js';
import { integer, type ReadSetting } from './settingValues.js';

export interface BootstrapAdminConfig {
  readonly username: string;
  /** `undefined`: generated and printed once. */
  readonly password: string | undefined;
  readonly email: string;
}

export interface AuthConfig {
  /** Failed sign-ins per minute per client address, across accounts (`0`: no limit, development only). @default 30 */
  readonly loginAttemptsPerMinutePerAddress: number;
  /** Failed sign-ins per minute per account from one address (`0`: no limit, development only). @default 10 */
  readonly loginAttemptsPerMinutePerAccount: number;
  /**
   * log2 of scrypt's N for new password hashes (existing hashes keep theirs until the password changes).
   * Raising it slows every sign-in and password change; production refuses less than the default. @default 15
   */
  readonly passwordHashCost: number;
}

const MIN_ADMIN_PASSWORD_LENGTH = 12;

export function bootstrapAdminSettings(read: ReadSetting, problems: string[]): BootstrapAdminConfig {
  const adminPassword = read('SVC_BOOTSTRAP_ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < MIN_ADMIN_PASSWORD_LENGTH) {
    problems.push(`SVC_BOOTSTRAP_ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  }
  const adminEmail = read('SVC_BOOTSTRAP_ADMIN_EMAIL') ?? 'admin@localhost';
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail)) problems.push('SVC_BOOTSTRAP_ADMIN_EMAIL is not an e-mail address');

  return {
    username: read('SVC_BOOTSTRAP_ADMIN_USERNAME') ?? 'admin',
    password: adminPassword,
    email: adminEmail,
  };
}

export function authSettings(read: ReadSetting, env: Environment, problems: string[]): AuthConfig {
  const perAddress = integer(
    read('SVC_AUTH_LOGIN_RATE_PER_ADDRESS'),
    'SVC_AUTH_LOGIN_RATE_PER_ADDRESS',
    { min: 0, max: 1_000_000, fallback: 30 },
    problems,
  );
  const perAccount = integer(
    read('SVC_AUTH_LOGIN_RATE_PER_ACCOUNT'),
    'SVC_AUTH_LOGIN_RATE_PER_ACCOUNT',
    { min: 0, max: 1_000_000, fallback: 10 },
    problems,
  );
  const passwordHashCost = integer(
    read('SVC_AUTH_PASSWORD_HASH_COST'),
    'SVC_AUTH_PASSWORD_HASH_COST',
    { min: 10, max: 20, fallback: 15 },
    problems,
  );
  if (env === 'production' && passwordHashCost < 15) {
    problems.push(`SVC_AUTH_PASSWORD_HASH_COST=${passwordHashCost} is refused in production: at least 15 (scrypt N = 32,768)`);
  }
  if (env === 'production' && (perAddress === 0 || perAccount === 0)) {
    problems.push('SVC_AUTH_LOGIN_RATE_PER_ADDRESS / SVC_AUTH_LOGIN_RATE_PER_ACCOUNT = 0 (no sign-in limit) is refused in production');
  }
  return { loginAttemptsPerMinutePerAddress: perAddress, loginAttemptsPerMinutePerAccount: perAccount, passwordHashCost };
}
