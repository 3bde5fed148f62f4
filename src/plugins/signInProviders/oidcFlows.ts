/**
 * Server-side state of OpenID Connect sign-ins under way, in PostgreSQL (docs/adr/0066): the pending
 * authorization (state -> provider, PKCE verifier, nonce, browser binding; 10 minutes) and the one-time
 * sign-in code the callback hands to the console (-> user; 60 seconds), which the console exchanges for
 * the product's tokens through GraphQL. A sign-in started through one instance finishes through any
 * other, and a restart between its start and its callback loses nothing.
 *
 * Each is used once: `take` and `redeemCode` delete the row they read in one statement, so of two
 * callbacks racing on two instances one gets it. Rows are keyed by the SHA-256 of the state or code (the
 * values themselves are never stored), and the PKCE verifier is sealed at rest (src/platform/config/secretBox.ts,
 * the state's key as owner). Expiry is product time (the injected clock).
 *
 * Bounded: `prune` deletes expired rows and then the oldest beyond 10,000 of each kind; one instance of a
 * cluster runs it every minute (src/platform/once).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { SecretBox } from '../../platform/config/secretBox.js';
import { deleteCounted } from '../../platform/persistence/deleteCounted.js';
import { runStatements, type Migration } from '../../platform/persistence/migration.js';
import type { Clock } from '../../platform/scheduler/index.js';

export const PENDING_TTL_MS = 10 * 60_000;
export const SIGN_IN_CODE_TTL_MS = 60_000;
export const MAX_FLOW_ENTRIES = 10_000;

export interface PendingSignIn {
  readonly providerId: string;
  readonly codeVerifier: string;
  readonly nonce: string;
  /**
   * SHA-256 of a random value set as a cookie on the browser that started the sign-in: the callback
   * must come from that browser, so nobody can make another person's browser finish a sign-in as
   * them (login CSRF).
   */
  readonly browserBinding: string;
  readonly expiresAt: number;
}

export interface IssuedSignIn {
  readonly userId: string;
  readonly providerId: string;
  readonly expiresAt: number;
}

export const hash = (code: string) => createHash('sha256').update(code).digest('base64url');

export const oidcSignInsMigration: Migration = {
  namespace: 'signInProviders',
  version: 1,
  name: 'OpenID Connect sign-ins under way and their one-time codes, shared by instances',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- key: 'state ' or 'code ' and the SHA-256 of the value; data: the pending sign-in (verifier sealed) or the issued code; expires_at: epoch ms.
      create table oidc_sign_ins (
        key text primary key,
        kind text not null,
        data jsonb not null,
        expires_at bigint not null
      );
      create index oidc_sign_ins_kind_expires_idx on oidc_sign_ins (kind, expires_at);
      `,
    );
  },
};

type Kind = 'state' | 'code';
const keyOf = (kind: Kind, value: string) => `${kind} ${hash(value)}`;
const parse = (value: unknown): Record<string, unknown> =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

export class OidcFlows {
  constructor(
    private readonly knex: Knex,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly box: SecretBox,
    /** Rows kept of each kind (states, codes) by the prune, newest first. */
    private readonly maxEntries = MAX_FLOW_ENTRIES,
  ) {}

  async begin(state: string, entry: Omit<PendingSignIn, 'expiresAt'>): Promise<void> {
    const key = keyOf('state', state);
    const data = { ...entry, codeVerifier: this.box.seal(entry.codeVerifier, key) };
    await this.insert(key, 'state', data, this.clock.now() + PENDING_TTL_MS);
  }

  /** The pending sign-in of `state`, removed: a state works once. Undefined when unknown or expired. */
  async take(state: string): Promise<PendingSignIn | undefined> {
    const key = keyOf('state', state);
    const row = await this.remove(key);
    if (row === undefined) return undefined;
    const data = row.data as Omit<PendingSignIn, 'expiresAt'>;
    let codeVerifier: string;
    try {
      codeVerifier = this.box.open(data.codeVerifier, key).plain;
    } catch {
      // Sealed under a key this instance does not have (SVC_AUTH_SECRET_KEY differs between instances): the sign-in starts again.
      return undefined;
    }
    return { providerId: data.providerId, nonce: data.nonce, browserBinding: data.browserBinding, codeVerifier, expiresAt: row.expiresAt };
  }

  async issueCode(userId: string, providerId: string): Promise<{ code: string; expiresAt: number }> {
    const code = randomBytes(32).toString('base64url');
    const expiresAt = this.clock.now() + SIGN_IN_CODE_TTL_MS;
    await this.insert(keyOf('code', code), 'code', { userId, providerId }, expiresAt);
    return { code, expiresAt };
  }

  async redeemCode(code: string): Promise<IssuedSignIn | undefined> {
    const row = await this.remove(keyOf('code', code));
    if (row === undefined) return undefined;
    const data = row.data as { userId: string; providerId: string };
    return { userId: data.userId, providerId: data.providerId, expiresAt: row.expiresAt };
  }

  /** Deletes expired rows, then the oldest beyond `maxEntries` of each kind; returns how many went. */
  async prune(): Promise<number> {
    const { knex } = this;
    let removed = await deleteCounted(knex, 'delete from oidc_sign_ins where expires_at <= ?', [this.clock.now()]);
    for (const kind of ['state', 'code'] as const) {
      removed += await deleteCounted(
        knex,
        `delete from oidc_sign_ins where key in (select key from oidc_sign_ins where kind = ? order by expires_at desc offset ?)`,
        [kind, this.maxEntries],
      );
    }
    return removed;
  }

  private async insert(key: string, kind: Kind, data: object, expiresAt: number): Promise<void> {
    await this.knex('oidc_sign_ins').insert({ key, kind, data: JSON.stringify(data), expires_at: expiresAt });
  }

  /** The row of `key`, deleted in the same statement; undefined when there was none or it expired. */
  private async remove(key: string): Promise<{ data: Record<string, unknown>; expiresAt: number } | undefined> {
    const result = await this.knex.raw('delete from oidc_sign_ins where key = ? returning data, expires_at', [key]);
    const row = (result.rows as Array<{ data: unknown; expires_at: unknown }>)[0];
    if (row === undefined) return undefined;
    const expiresAt = Number(row.expires_at);
    return expiresAt > this.clock.now() ? { data: parse(row.data), expiresAt } : undefined;
  }
}
