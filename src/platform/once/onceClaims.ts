/**
 * Once per cluster: a job that every instance schedules (a prune, the daily report) runs on one of them
 * per period, by a claim row in PostgreSQL (docs/adr/0066-once-per-cluster-and-shared-sign-in-state.md).
 *
 * A claim is a row (job, period) with its claimant and an expiry. The first instance to insert it runs
 * the job; one that finds it unexpired and unfinished leaves it; one that finds it expired and unfinished
 * (its claimant died or stalled) takes it over in the same statement. `finished_at` makes the period
 * done for good: nobody runs it again. A job whose result commits through the batch writer stages its
 * finish mark in the result's own batch (`finishRow`), so the mark exists if and only if the result
 * committed. Work that fails releases its claim, so a later try (here or elsewhere) can run it.
 *
 * Time: the expiry is product time (the injected clock), compared with the clock's now, not the
 * database's: a test moves a manual clock past it. Instances' clocks must agree to well within
 * `claimMs` (NTP does); a claimant whose work outlives its claim can run beside a successor, which the
 * default of 10 minutes puts far beyond any job here (a prune is one statement, a report seconds).
 *
 * Concurrency model: claims serialise on the row (insert ... on conflict do update ... where). In one
 * process the same (job, period) runs once at a time (`run` holds it in memory too).
 *
 * Bounded: finished and expired rows older than `keepMs` are deleted by `forgetOld`, which `run` calls
 * at most once per job per `keepMs / 7`.
 */
import type { Knex } from 'knex';
import { deleteCounted } from '../persistence/deleteCounted.js';
import type { Clock } from '../scheduler/index.js';

export type ClaimOutcome =
  /** This instance holds the claim: run the job, then `finish` (or stage `finishRow`). */
  | { readonly kind: 'mine'; readonly until: number }
  /** The period's job finished (here or elsewhere). */
  | { readonly kind: 'done' }
  /** Another instance holds it until `until`; after that anyone may take it over. */
  | { readonly kind: 'held'; readonly by: string; readonly until: number };

export type RunOutcome<T> = { readonly ran: true; readonly value: T } | { readonly ran: false; readonly claim: ClaimOutcome };

export interface OnceClaimsOptions {
  readonly knex: Knex;
  readonly clock: Pick<Clock, 'now'>;
  /** This instance's name: SVC_INSTANCE_ID in cluster mode, a generated one otherwise. */
  readonly instanceId: string;
  /** How long a claim holds without being finished. @default 600_000 (10 min) */
  readonly claimMs?: number;
  /** How long a claim row is kept after its period. @default 604_800_000 (7 days) */
  readonly keepMs?: number;
}

export const DEFAULT_CLAIM_MS = 10 * 60_000;
const DEFAULT_KEEP_MS = 7 * 24 * 60 * 60_000;
/** Job and period keys: short, printable; they are keys of a table, not text a person wrote. */
const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

/** The key of the period of length `periodMs` that `at` falls in: the period's start, ISO 8601. */
export function periodKey(at: number, periodMs: number): string {
  if (!Number.isFinite(periodMs) || periodMs <= 0) throw new RangeError(`periodKey: a period of ${periodMs} ms is not a period`);
  return new Date(Math.floor(at / periodMs) * periodMs).toISOString();
}

function checkKey(what: string, value: string): void {
  if (!KEY.test(value)) throw new Error(`once claim: the ${what} "${value}" is not a key (1 to 100 of letters, digits and _ . : -)`);
}

const ms = (value: unknown) => (value instanceof Date ? value.getTime() : new Date(String(value)).getTime());

export class OnceClaims {
  readonly instanceId: string;
  private readonly claimMs: number;
  private readonly keepMs: number;
  /** (job, period) running in this process. */
  private readonly running = new Set<string>();
  /** When each job last deleted its old rows. */
  private readonly forgotAt = new Map<string, number>();

  constructor(private readonly options: OnceClaimsOptions) {
    if (options.instanceId === '') throw new Error('once claims need an instance id');
    this.instanceId = options.instanceId;
    this.claimMs = options.claimMs ?? DEFAULT_CLAIM_MS;
    this.keepMs = options.keepMs ?? DEFAULT_KEEP_MS;
  }

  /** Claims (job, period) for this instance, taking over an expired claim; says whose it is otherwise. */
  async claim(job: string, period: string): Promise<ClaimOutcome> {
    checkKey('job', job);
    checkKey('period', period);
    const { knex, clock } = this.options;
    const now = clock.now();
    const until = now + this.claimMs;
    const result = await knex.raw(
      `insert into once_claims as c (job, period, claimed_by, claimed_until) values (?, ?, ?, ?)
       on conflict (job, period) do update set claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
       where c.finished_at is null and (c.claimed_until <= ? or c.claimed_by = excluded.claimed_by)
       returning claimed_until`,
      [job, period, this.instanceId, new Date(until).toISOString(), new Date(now).toISOString()],
    );
    if ((result.rows as unknown[]).length > 0) return { kind: 'mine', until };
    const row = (await knex('once_claims').where({ job, period }).first('claimed_by', 'claimed_until', 'finished_at')) as
      | { claimed_by: string; claimed_until: unknown; finished_at: unknown }
      | undefined;
    // Deleted between the two statements (released after a failure): nobody holds it now; the caller tries later.
    if (row === undefined) return { kind: 'held', by: '', until: now };
    if (row.finished_at !== null) return { kind: 'done' };
    return { kind: 'held', by: row.claimed_by, until: ms(row.claimed_until) };
  }

  /** Marks the period done (only while the claim is this instance's: a successor's is not ended by a late finish). */
  async finish(job: string, period: string): Promise<void> {
    await this.options
      .knex('once_claims')
      .where({ job, period, claimed_by: this.instanceId })
      .update({ finished_at: new Date(this.options.clock.now()).toISOString() });
  }

  /** The row that marks (job, period) done, for a batch that commits the job's result (`onceClaimsTable`). */
  finishRow(job: string, period: string): Record<string, unknown> {
    const now = new Date(this.options.clock.now()).toISOString();
    return { job, period, claimed_by: this.instanceId, claimed_until: now, finished_at: now };
  }

  /** Gives an unfinished claim back, so the job can run again at once (its work failed). */
  async release(job: string, period: string): Promise<void> {
    await this.options.knex('once_claims').where({ job, period, claimed_by: this.instanceId }).whereNull('finished_at').delete();
  }

  /** Gives back every unfinished claim, whoever holds it: for one process at start (it is the only instance). */
  async releaseAllUnfinished(): Promise<number> {
    return deleteCounted(this.options.knex, 'delete from once_claims where finished_at is null');
  }

  /**
   * Runs `work` if this instance gets (job, period), then marks it finished; `ran: false` with the claim
   * when it is done or held elsewhere. Work that throws releases the claim and the error goes to the caller.
   */
  async run<T>(job: string, period: string, work: () => Promise<T>): Promise<RunOutcome<T>> {
    const key = `${job}\u0000${period}`;
    if (this.running.has(key)) return { ran: false, claim: { kind: 'held', by: this.instanceId, until: this.options.clock.now() } };
    this.running.add(key);
    try {
      const claim = await this.claim(job, period);
      if (claim.kind !== 'mine') return { ran: false, claim };
      let value: T;
      try {
        value = await work();
      } catch (error) {
        await this.release(job, period).catch(() => undefined);
        throw error;
      }
      await this.finish(job, period);
      await this.forgetOld(job);
      return { ran: true, value };
    } finally {
      this.running.delete(key);
    }
  }

  /** Deletes `job`'s rows whose claim ended more than `keepMs` ago (at most once per job per `keepMs / 7`). */
  async forgetOld(job: string): Promise<number> {
    const now = this.options.clock.now();
    const last = this.forgotAt.get(job);
    if (last !== undefined && now - last < this.keepMs / 7) return 0;
    this.forgotAt.set(job, now);
    return deleteCounted(this.options.knex, 'delete from once_claims where job = ? and claimed_until < ?', [
      job,
      new Date(now - this.keepMs).toISOString(),
    ]);
  }
}
