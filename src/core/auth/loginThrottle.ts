/**
 * Password guessing is slowed without letting anyone lock a person out
 * (docs/adr/0013-sign-in-throttle-counts-failures.md).
 *
 * - Only failures count. `check` reserves one failure before the password is verified (so a burst
 *   of concurrent guesses cannot all slip past the count) and `succeeded` gives it back.
 * - The tight limit is keyed on account + address together: someone guessing a person's password
 *   from elsewhere uses up their own pair, not the person's. A success resets its pair.
 * - A looser limit per address, across accounts: one address guessing many accounts is slowed.
 * - A slow backoff per account across all addresses (a distributed guess): past a free allowance,
 *   each further failure doubles the wait. An address that signed in to the account before (the
 *   last few good addresses are remembered) is not held by it, so the person keeps signing in.
 *
 * Every sign-in path calls the same three methods: `check(account, address)` before verifying,
 * then `failed(account, address)` or `succeeded(account, address)`. `account` null (a reset-token
 * redemption names no account): the address limit only. Time comes from the injected clock.
 *
 * Where the counts live is a `ThrottleStore`: in memory (`memoryThrottleStore`, one process, tests) or in
 * PostgreSQL (sharedThrottleStore.ts: every instance of a cluster counts the same failures, and a restart
 * forgets none; docs/adr/0066). The rules below decide over the few entries of one attempt, which the
 * store holds against concurrent decisions about the same address and account while they run.
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';

export interface LoginThrottleOptions {
  /** Failed sign-ins per minute per client address, across accounts (`0`: off). @default 30 */
  readonly perAddressPerMinute: number;
  /** Failed sign-ins per minute per account from one address (`0`: off). @default 10 */
  readonly perAccountPerMinute: number;
  /** Failures of one account, from all addresses, before its backoff starts (`0`: no backoff). @default 20 */
  readonly accountFreeFailures?: number;
  /** The first backoff step; each further failure doubles it. @default 1000 */
  readonly accountBackoffBaseMs?: number;
  /** @default 900_000 (15 min) */
  readonly accountBackoffMaxMs?: number;
  /** An account's failures are forgotten after this long without one. @default 3_600_000 */
  readonly accountForgetAfterMs?: number;
  /** Good addresses remembered per account. @default 8 */
  readonly knownAddressesPerAccount?: number;
  /** Entries the memory store keeps before the least recently used is forgotten (erring towards letting through). @default 100_000 */
  readonly maxEntries?: number;
  readonly now: () => number;
  /** Where the counts live. @default memoryThrottleStore(maxEntries) */
  readonly store?: ThrottleStore;
}

export interface LoginThrottle {
  /** Rejects with RATE_LIMITED (with a `retry-after` hint) when this attempt must wait; otherwise reserves one failure. */
  check(account: string | null, address: string): Promise<void>;
  /** The attempt failed: the reserved failure stays, and the account's backoff moves on. */
  failed(account: string | null, address: string): Promise<void>;
  /** The attempt succeeded: the reservation is given back, the pair starts afresh and the address becomes known. */
  succeeded(account: string | null, address: string): Promise<void>;
}

/** A token bucket: `tokens` as of `at`. Absent: full. */
export interface BucketEntry {
  readonly kind: 'bucket';
  readonly tokens: number;
  readonly at: number;
}

export interface AccountEntry {
  readonly kind: 'account';
  readonly failures: number;
  /** Attempts checked and not yet settled. */
  readonly pending: number;
  readonly lastFailureAt: number;
  /** The last check: a caller that never settles an attempt cannot hold the account for ever. */
  readonly lastCheckAt: number;
}

export interface KnownEntry {
  readonly kind: 'known';
  /** Most recent first. */
  readonly addresses: readonly string[];
}

export type ThrottleEntry = BucketEntry | AccountEntry | KnownEntry;

/** The entries one decision reads and writes, by key. */
export interface ThrottleEntries {
  get(key: string): ThrottleEntry | undefined;
  set(key: string, entry: ThrottleEntry): void;
  delete(key: string): void;
}

/** Where the entries live. */
export interface ThrottleStore {
  /**
   * Runs `decide` over the entries of `keys`, held against other decisions about the same `locks`, and keeps what
   * it wrote; nothing is kept when it throws. `locks` are among `keys`: an address's key first, then an account's.
   */
  decide<T>(keys: readonly string[], locks: readonly string[], decide: (entries: ThrottleEntries) => T): Promise<T>;
}

/** Keys: the kind first (a letter), then the address, then the account (addresses hold no space). */
export const throttleKeys = {
  address: (address: string) => `a ${address}`,
  pair: (account: string, address: string) => `p ${address} ${account}`,
  account: (account: string) => `u ${account}`,
  known: (account: string) => `k ${account}`,
};

/** The store of one process: a bounded map, least recently used first out. */
export function memoryThrottleStore(maxEntries = 100_000): ThrottleStore {
  const table = new Map<string, ThrottleEntry>();
  const entries: ThrottleEntries = {
    get: (key) => table.get(key),
    set(key, entry) {
      table.delete(key);
      if (table.size >= maxEntries) table.delete(table.keys().next().value!);
      table.set(key, entry);
    },
    delete: (key) => void table.delete(key),
  };
  return {
    async decide(_keys, _locks, decide) {
      return decide(entries);
    },
  };
}

/** Token bucket rules over one entry: `perMinute` refill, a burst of a third of it. */
class BucketRule {
  private readonly burst: number;
  private readonly perMs: number;

  constructor(
    perMinute: number,
    private readonly now: () => number,
  ) {
    this.burst = Math.max(1, Math.ceil(perMinute / 3));
    this.perMs = perMinute / 60_000;
  }

  /** Seconds until a token is free; 0 when one is. */
  waitSeconds(entries: ThrottleEntries, key: string): number {
    const tokens = this.refill(entries, key);
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
  }

  take(entries: ThrottleEntries, key: string): void {
    entries.set(key, { kind: 'bucket', tokens: this.refill(entries, key) - 1, at: this.now() });
  }

  give(entries: ThrottleEntries, key: string): void {
    if (entries.get(key) === undefined) return;
    const tokens = this.refill(entries, key);
    if (tokens + 1 >= this.burst) entries.delete(key);
    else entries.set(key, { kind: 'bucket', tokens: tokens + 1, at: this.now() });
  }

  private refill(entries: ThrottleEntries, key: string): number {
    const entry = entries.get(key);
    if (entry?.kind !== 'bucket') return this.burst;
    // A clock stepping back refills nothing.
    return Math.min(this.burst, entry.tokens + Math.max(0, this.now() - entry.at) * this.perMs);
  }
}

export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const { now } = options;
  const store = options.store ?? memoryThrottleStore(options.maxEntries);
  const freeFailures = options.accountFreeFailures ?? 20;
  const baseMs = options.accountBackoffBaseMs ?? 1000;
  const maxMs = options.accountBackoffMaxMs ?? 900_000;
  const forgetAfterMs = options.accountForgetAfterMs ?? 3_600_000;
  const knownPerAccount = options.knownAddressesPerAccount ?? 8;
  const byAddress = options.perAddressPerMinute > 0 ? new BucketRule(options.perAddressPerMinute, now) : undefined;
  const byPair = options.perAccountPerMinute > 0 ? new BucketRule(options.perAccountPerMinute, now) : undefined;
  const K = throttleKeys;

  const refuse = (seconds: number, why: string) =>
    new AppError(ErrorCode.RateLimited, `too many failed sign-ins ${why}; retry after ${seconds} s`, { 'retry-after': String(seconds) });

  const accountState = (entries: ThrottleEntries, account: string): AccountEntry | undefined => {
    const state = entries.get(K.account(account));
    if (state?.kind !== 'account') return undefined;
    if (now() - Math.max(state.lastFailureAt, state.lastCheckAt) >= forgetAfterMs) {
      entries.delete(K.account(account));
      return undefined;
    }
    return state;
  };

  /** Milliseconds this account must still wait for an address it has not signed in from; 0: none. */
  const backoffMs = (state: AccountEntry | undefined): number => {
    if (state === undefined || freeFailures === 0) return 0;
    const over = state.failures + state.pending - freeFailures;
    if (over < 0) return 0;
    // In backoff, one attempt at a time: concurrent guesses wait for the one under way.
    if (state.pending > 0) return baseMs;
    const delay = Math.min(maxMs, baseMs * 2 ** Math.min(over, 40));
    return Math.max(0, state.lastFailureAt + delay - now());
  };

  const knownOf = (entries: ThrottleEntries, account: string): readonly string[] => {
    const entry = entries.get(K.known(account));
    return entry?.kind === 'known' ? entry.addresses : [];
  };

  const attemptKeys = (account: string | null, address: string) =>
    account === null
      ? { keys: [K.address(address)], locks: [K.address(address)] }
      : {
          keys: [K.address(address), K.pair(account, address), K.account(account), K.known(account)],
          locks: [K.address(address), K.account(account)],
        };

  return {
    check(rawAccount, address) {
      const account = rawAccount?.toLowerCase() ?? null;
      const { keys, locks } = attemptKeys(account, address);
      return store.decide(keys, locks, (entries) => {
        const addressWait = byAddress?.waitSeconds(entries, K.address(address)) ?? 0;
        if (addressWait > 0) throw refuse(addressWait, `from ${address}`);
        if (account !== null) {
          const pairWait = byPair?.waitSeconds(entries, K.pair(account, address)) ?? 0;
          if (pairWait > 0) throw refuse(pairWait, `for this account from ${address}`);
          if (!knownOf(entries, account).includes(address)) {
            const wait = backoffMs(accountState(entries, account));
            if (wait > 0)
              throw refuse(Math.max(1, Math.ceil(wait / 1000)), 'for this account; an address that signed in to it before is not held');
          }
          byPair?.take(entries, K.pair(account, address));
          const state = accountState(entries, account) ?? { kind: 'account', failures: 0, pending: 0, lastFailureAt: 0, lastCheckAt: 0 };
          entries.set(K.account(account), { ...state, pending: state.pending + 1, lastCheckAt: now() });
        }
        byAddress?.take(entries, K.address(address));
      });
    },

    async failed(rawAccount, _address) {
      const account = rawAccount?.toLowerCase() ?? null;
      if (account === null) return;
      const key = K.account(account);
      await store.decide([key], [key], (entries) => {
        const state = entries.get(key);
        if (state?.kind !== 'account') return;
        entries.set(key, { ...state, pending: Math.max(0, state.pending - 1), failures: state.failures + 1, lastFailureAt: now() });
      });
    },

    succeeded(rawAccount, address) {
      const account = rawAccount?.toLowerCase() ?? null;
      const { keys, locks } = attemptKeys(account, address);
      return store.decide(keys, locks, (entries) => {
        byAddress?.give(entries, K.address(address));
        if (account === null) return;
        entries.delete(K.pair(account, address));
        const state = entries.get(K.account(account));
        if (state?.kind === 'account') {
          const pending = Math.max(0, state.pending - 1);
          // Only accounts with failures take room in the table.
          if (pending === 0 && state.failures === 0) entries.delete(K.account(account));
          else entries.set(K.account(account), { ...state, pending });
        }
        // The backoff stays: a success from a known address must not restart a distributed guess's allowance.
        const known = [address, ...knownOf(entries, account).filter((a) => a !== address)].slice(0, knownPerAccount);
        entries.set(K.known(account), { kind: 'known', addresses: known });
      });
    },
  };
}
