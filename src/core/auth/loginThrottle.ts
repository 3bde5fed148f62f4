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
  /** Entries per table before the least recently used is forgotten (erring towards letting through). @default 100_000 */
  readonly maxEntries?: number;
  readonly now: () => number;
}

export interface LoginThrottle {
  /** Throws RATE_LIMITED (with a `retry-after` hint) when this attempt must wait; otherwise reserves one failure. */
  check(account: string | null, address: string): void;
  /** The attempt failed: the reserved failure stays, and the account's backoff moves on. */
  failed(account: string | null, address: string): void;
  /** The attempt succeeded: the reservation is given back, the pair starts afresh and the address becomes known. */
  succeeded(account: string | null, address: string): void;
}

/** Token buckets that can give a token back and forget a key; bounded, least recently used first out. */
class Buckets {
  private readonly table = new Map<string, { tokens: number; at: number }>();
  private readonly burst: number;
  private readonly perMs: number;

  constructor(
    perMinute: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {
    this.burst = Math.max(1, Math.ceil(perMinute / 3));
    this.perMs = perMinute / 60_000;
  }

  /** Seconds until a token is free; 0 when one is. */
  waitSeconds(key: string): number {
    const tokens = this.refill(key);
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
  }

  take(key: string): void {
    const tokens = this.refill(key);
    this.put(key, tokens - 1);
  }

  give(key: string): void {
    if (!this.table.has(key)) return;
    const tokens = this.refill(key);
    if (tokens + 1 >= this.burst) this.table.delete(key);
    else this.put(key, tokens + 1);
  }

  forget(key: string): void {
    this.table.delete(key);
  }

  private refill(key: string): number {
    const entry = this.table.get(key);
    if (entry === undefined) return this.burst;
    // A clock stepping back refills nothing.
    return Math.min(this.burst, entry.tokens + Math.max(0, this.now() - entry.at) * this.perMs);
  }

  private put(key: string, tokens: number): void {
    this.table.delete(key);
    if (this.table.size >= this.maxEntries) this.table.delete(this.table.keys().next().value!);
    this.table.set(key, { tokens, at: this.now() });
  }
}

interface AccountState {
  failures: number;
  /** Attempts checked and not yet settled. */
  pending: number;
  lastFailureAt: number;
  /** The last check: a caller that never settles an attempt cannot hold the account for ever. */
  lastCheckAt: number;
}

export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const { now } = options;
  const maxEntries = options.maxEntries ?? 100_000;
  const freeFailures = options.accountFreeFailures ?? 20;
  const baseMs = options.accountBackoffBaseMs ?? 1000;
  const maxMs = options.accountBackoffMaxMs ?? 900_000;
  const forgetAfterMs = options.accountForgetAfterMs ?? 3_600_000;
  const knownPerAccount = options.knownAddressesPerAccount ?? 8;
  const byAddress = options.perAddressPerMinute > 0 ? new Buckets(options.perAddressPerMinute, maxEntries, now) : undefined;
  const byPair = options.perAccountPerMinute > 0 ? new Buckets(options.perAccountPerMinute, maxEntries, now) : undefined;
  const accounts = new Map<string, AccountState>();
  const knownAddresses = new Map<string, string[]>();

  const pairKey = (account: string, address: string) => `${account}\u0000${address}`;
  const refuse = (seconds: number, why: string) =>
    new AppError(ErrorCode.RateLimited, `too many failed sign-ins ${why}; retry after ${seconds} s`, { 'retry-after': String(seconds) });

  const accountState = (account: string): AccountState | undefined => {
    const state = accounts.get(account);
    if (state !== undefined && now() - Math.max(state.lastFailureAt, state.lastCheckAt) >= forgetAfterMs) {
      accounts.delete(account);
      return undefined;
    }
    return state;
  };

  /** Milliseconds this account must still wait for an address it has not signed in from; 0: none. */
  const backoffMs = (state: AccountState | undefined): number => {
    if (state === undefined || freeFailures === 0) return 0;
    const over = state.failures + state.pending - freeFailures;
    if (over < 0) return 0;
    // In backoff, one attempt at a time: concurrent guesses wait for the one under way.
    if (state.pending > 0) return baseMs;
    const delay = Math.min(maxMs, baseMs * 2 ** Math.min(over, 40));
    return Math.max(0, state.lastFailureAt + delay - now());
  };

  const isKnown = (account: string, address: string) => knownAddresses.get(account)?.includes(address) ?? false;

  return {
    check(rawAccount, address) {
      const account = rawAccount?.toLowerCase() ?? null;
      const addressWait = byAddress?.waitSeconds(address) ?? 0;
      if (addressWait > 0) throw refuse(addressWait, `from ${address}`);
      if (account !== null) {
        const pairWait = byPair?.waitSeconds(pairKey(account, address)) ?? 0;
        if (pairWait > 0) throw refuse(pairWait, `for this account from ${address}`);
        if (!isKnown(account, address)) {
          const wait = backoffMs(accountState(account));
          if (wait > 0)
            throw refuse(Math.max(1, Math.ceil(wait / 1000)), 'for this account; an address that signed in to it before is not held');
        }
        byPair?.take(pairKey(account, address));
        let state = accountState(account);
        if (state === undefined) {
          if (accounts.size >= maxEntries) accounts.delete(accounts.keys().next().value!);
          state = { failures: 0, pending: 0, lastFailureAt: 0, lastCheckAt: 0 };
          accounts.set(account, state);
        }
        state.pending += 1;
        state.lastCheckAt = now();
      }
      byAddress?.take(address);
    },

    failed(rawAccount, _address) {
      const account = rawAccount?.toLowerCase() ?? null;
      if (account === null) return;
      const state = accounts.get(account);
      if (state === undefined) return;
      state.pending = Math.max(0, state.pending - 1);
      state.failures += 1;
      state.lastFailureAt = now();
    },

    succeeded(rawAccount, address) {
      byAddress?.give(address);
      const account = rawAccount?.toLowerCase() ?? null;
      if (account === null) return;
      byPair?.forget(pairKey(account, address));
      const state = accounts.get(account);
      if (state !== undefined) {
        state.pending = Math.max(0, state.pending - 1);
        // Only accounts with failures take room in the table.
        if (state.pending === 0 && state.failures === 0) accounts.delete(account);
      }
      // The backoff stays: a success from a known address must not restart a distributed guess's allowance.
      const known = (knownAddresses.get(account) ?? []).filter((a) => a !== address);
      known.unshift(address);
      if (known.length > knownPerAccount) known.length = knownPerAccount;
      knownAddresses.delete(account);
      if (knownAddresses.size >= maxEntries) knownAddresses.delete(knownAddresses.keys().next().value!);
      knownAddresses.set(account, known);
    },
  };
}
