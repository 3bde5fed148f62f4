/**
 * Which instance attempts which webhook deliveries (docs/adr/0066): claims in PostgreSQL, one per outbox page.
 *
 * A page is claimed by the instance whose commit wrote it (`claimed_by`, in the page's own insert: nothing more
 * on the commit path), so in the normal case an instance sends what it committed, from memory, as before. An
 * instance holds a lease in `webhook_dispatchers` (`alive_until`, product time), renewed every third of it.
 * A page whose claimant's lease ran out (it died, or stalled past its lease) or that nobody claims is taken over
 * by the next instance that looks: `update ... where id in (select ... for update skip locked)`, so of several
 * instances looking at once each page goes to one of them, and none waits on another. A graceful stop deletes
 * the lease row (and with it the claim on every page): its pages are taken at once, not after the lease.
 *
 * At least once, attempted by one instance at a time: an instance attempts a page only while it holds the claim
 * and its lease. One whose renewal finds its lease gone (it stalled past it) registers again and checks, before
 * the next attempt of each page it held, that the page is still its own; an attempt already in flight when its
 * lease ran out may overlap the successor's, which sends the same `webhook-id` and body (receivers deduplicate).
 *
 * In one process (no cluster) an instance is the only one by definition: at start it claims every page, which
 * is what makes a restart after a crash send what the crashed process owed at once instead of after its lease.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../platform/scheduler/index.js';

export interface DeliveryClaimsOptions {
  readonly knex: Knex;
  /** Product time: leases are compared with it, so a manual clock expires them. */
  readonly clock: Pick<Clock, 'now'>;
  readonly instanceId: string;
  /** @default 30_000 */
  readonly leaseMs?: number;
  /**
   * One process, the only instance by definition: its deliveries never wait on its lease (a jump of product time
   * past the lease before the renewal came back held them, and no other instance could take them). @default false
   */
  readonly exclusive?: boolean;
}

export const DEFAULT_LEASE_MS = 30_000;
/** Pages taken over in one statement: the next round takes more. */
export const TAKEOVER_BATCH = 200;

const MAX_CHECKED_PAGES = 100_000;

const iso = (ms: number) => new Date(ms).toISOString();

export class DeliveryClaims {
  readonly instanceId: string;
  readonly leaseMs: number;
  /** Until when this instance's lease is known to hold (product time); 0: not registered. */
  #validUntil = 0;
  /** Moves on each time the lease was found gone and taken again: pages held since before must be checked. */
  #generation = 0;
  /** Pages found still this instance's since the lease last ran out. */
  readonly #checked = new Set<string>();

  constructor(private readonly options: DeliveryClaimsOptions) {
    this.instanceId = options.instanceId;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  get generation(): number {
    return this.#generation;
  }

  /** Whether this instance's lease holds now, as far as it knows (its last renewal plus the lease). */
  get valid(): boolean {
    return this.options.exclusive === true || this.options.clock.now() < this.#validUntil;
  }

  /** Takes (or takes again) this instance's lease; forgets the leases that ran out (their pages are claimable either way). */
  async register(): Promise<void> {
    const now = this.options.clock.now();
    await this.options.knex('webhook_dispatchers').where('alive_until', '<=', iso(now)).delete();
    await this.options
      .knex('webhook_dispatchers')
      .insert({ instance_id: this.instanceId, alive_until: iso(now + this.leaseMs) })
      .onConflict('instance_id')
      .merge();
    this.#validUntil = now + this.leaseMs;
  }

  /**
   * Moves the lease on. False when it had run out (another instance may have taken its pages): it is registered
   * again and the generation moves on, so pages held since before are checked before their next attempt.
   */
  async renew(): Promise<boolean> {
    const now = this.options.clock.now();
    const renewed = await this.options.knex.raw(
      'update webhook_dispatchers set alive_until = ? where instance_id = ? and alive_until > ? returning 1',
      [iso(now + this.leaseMs), this.instanceId, iso(now)],
    );
    if ((renewed.rows as unknown[]).length > 0) {
      this.#validUntil = now + this.leaseMs;
      return true;
    }
    this.#generation += 1;
    this.#checked.clear();
    await this.register();
    return false;
  }

  /** Gives the lease back (a graceful stop): this instance's pages are taken over at once. */
  async release(): Promise<void> {
    this.#validUntil = 0;
    await this.options.knex('webhook_dispatchers').where({ instance_id: this.instanceId }).delete();
  }

  /** Claims every page (one process: the only instance). */
  async claimAll(): Promise<void> {
    await this.options.knex.raw('update webhook_outbox set claimed_by = ? where claimed_by is distinct from ?', [
      this.instanceId,
      this.instanceId,
    ]);
  }

  /**
   * Claims up to `limit` pages that nobody holds (unclaimed, or their claimant's lease ran out), oldest first,
   * skipping pages another instance is claiming at this moment; returns their ids and text.
   */
  async takeOver(limit = TAKEOVER_BATCH): Promise<Array<{ id: string; deliveries: string }>> {
    // The claimant's lease is looked at in a subquery, not a left join: when another instance's takeover commits
    // between this statement's snapshot and its row lock, PostgreSQL re-checks the locked row's new version
    // (EvalPlanQual) against the join row it first found (the dead claimant's), the join condition fails, and a
    // left join then null-extends it: "no claimant", and both instances took the page (CI, 2026-11-29). A
    // subquery is evaluated again for the new version: its claimant, alive, excludes it.
    const result = await this.options.knex.raw(
      `update webhook_outbox o set claimed_by = ?
       where o.id in (
         select p.id from webhook_outbox p
         where p.claimed_by is null
            or not exists (select 1 from webhook_dispatchers d where d.instance_id = p.claimed_by and d.alive_until > ?)
         order by p.created_at, p.id
         limit ?
         for update of p skip locked)
       returning o.id, o.deliveries`,
      [this.instanceId, iso(this.options.clock.now()), limit],
    );
    return (result.rows as Array<{ id: unknown; deliveries: string }>).map((row) => ({ id: String(row.id), deliveries: row.deliveries }));
  }

  /** Whether a page held in memory must be checked before its next attempt: only after the lease ran out once. */
  needsCheck(pageId: string): boolean {
    return this.#generation > 0 && !this.#checked.has(pageId);
  }

  /** Whether the page is still this instance's (checked after the lease was found gone); one found so is not checked again. */
  async holds(pageId: string): Promise<boolean> {
    const row = await this.options.knex('webhook_outbox').where({ id: pageId }).first('claimed_by');
    const mine = row?.claimed_by === this.instanceId;
    if (mine) {
      // Bounded: pages settled long ago would otherwise stay listed; a page forgotten here is only checked again.
      if (this.#checked.size >= MAX_CHECKED_PAGES) this.#checked.clear();
      this.#checked.add(pageId);
    }
    return mine;
  }
}
