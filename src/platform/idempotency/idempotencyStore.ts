/**
 * Recorded answers of keyed requests: a bounded in-memory index of recent ones in front of the
 * `idempotency_keys` table, which is the record (a retry after a restart still finds its answer).
 *
 * Concurrency model: one event loop. A (scope, key) is claimed while its first request runs and
 * until its commit settles, so a second request with it is told to retry (409) rather than run twice.
 * An answer enters the index only once its commit succeeded (the row's `onCommit`), so the index never
 * holds an answer the database does not. Answers expire `ttlMs` after they were recorded (injected
 * clock): a lookup ignores older ones, and `prune` deletes them.
 */
import type { Knex } from 'knex';
import type { Clock } from '../scheduler/index.js';
import type { BatchWriter } from '../persistence/batchWriter.js';
import { idempotencyKeysTable } from './idempotencyTable.js';

export interface RecordedAnswer {
  readonly requestHash: string;
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  /** Epoch milliseconds. */
  readonly createdAt: number;
}

export interface IdempotencyStoreOptions {
  readonly knex: Knex;
  readonly writer: BatchWriter;
  readonly clock: Pick<Clock, 'now'>;
  /** How long an answer is kept. @default 24 hours */
  readonly ttlMs?: number;
  /** Answers held in memory, at most. @default 10000 */
  readonly maxEntries?: number;
  /** Bytes of answer bodies held in memory, at most. @default 16 MiB */
  readonly maxBytes?: number;
}

export const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

export class IdempotencyStore {
  /** Insertion order is recency order: a hit is moved to the end, the oldest is evicted first. */
  private readonly recent = new Map<string, RecordedAnswer>();
  private bytes = 0;
  private readonly inFlight = new Set<string>();
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(private readonly options: IdempotencyStoreOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  }

  /** Claims (scope, key) for a request; false when another request with it is under way. */
  claim(scope: string, key: string): boolean {
    const id = idOf(scope, key);
    if (this.inFlight.has(id)) return false;
    this.inFlight.add(id);
    return true;
  }

  release(scope: string, key: string): void {
    this.inFlight.delete(idOf(scope, key));
  }

  /** The unexpired answer recorded for (scope, key): memory first, then the table. */
  async find(scope: string, key: string): Promise<RecordedAnswer | undefined> {
    const id = idOf(scope, key);
    const oldest = this.options.clock.now() - this.ttlMs;
    const held = this.recent.get(id);
    if (held !== undefined) {
      if (held.createdAt > oldest) {
        this.recent.delete(id);
        this.recent.set(id, held);
        return held;
      }
      this.forget(id, held);
      return undefined;
    }
    const row = await this.options
      .knex(idempotencyKeysTable.name)
      .where({ scope, key })
      .first('request_hash', 'status', 'content_type', 'body', 'created_at');
    if (row === undefined) return undefined;
    const answer: RecordedAnswer = {
      requestHash: row.request_hash,
      status: Number(row.status),
      contentType: row.content_type,
      body: row.body,
      createdAt: new Date(row.created_at).getTime(),
    };
    if (answer.createdAt <= oldest) return undefined;
    this.remember(id, answer);
    return answer;
  }

  /** Stages the answer in the open batch (the one holding its change); it is remembered once committed. */
  stage(scope: string, key: string, answer: Omit<RecordedAnswer, 'createdAt'>): void {
    const recorded: RecordedAnswer = { ...answer, createdAt: this.options.clock.now() };
    const row = {
      scope,
      key,
      request_hash: recorded.requestHash,
      status: recorded.status,
      content_type: recorded.contentType,
      body: recorded.body,
      created_at: new Date(recorded.createdAt).toISOString(),
    };
    this.options.writer.upsert(idempotencyKeysTable, row, { onCommit: () => this.remember(idOf(scope, key), recorded) });
  }

  /** Deletes the answers older than the time to live; returns how many rows went. */
  async prune(): Promise<number> {
    const oldest = this.options.clock.now() - this.ttlMs;
    for (const [id, answer] of this.recent) if (answer.createdAt <= oldest) this.forget(id, answer);
    return this.options.knex(idempotencyKeysTable.name).where('created_at', '<=', new Date(oldest).toISOString()).del();
  }

  /** Answers held in memory now (tests, metrics). */
  get held(): number {
    return this.recent.size;
  }

  private remember(id: string, answer: RecordedAnswer): void {
    const old = this.recent.get(id);
    if (old !== undefined) this.forget(id, old);
    this.recent.set(id, answer);
    this.bytes += answer.body.length;
    for (const [oldestId, oldest] of this.recent) {
      if (this.recent.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.forget(oldestId, oldest);
    }
  }

  private forget(id: string, answer: RecordedAnswer): void {
    this.recent.delete(id);
    this.bytes -= answer.body.length;
  }
}

function idOf(scope: string, key: string): string {
  return `${scope}\u0000${key}`;
}
