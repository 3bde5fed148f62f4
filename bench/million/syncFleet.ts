/**
 * The seeded fleet as its agents see it, for the sync cycle and the storm (issue 31, targets 3 and 5): one agent
 * per leaf node of bench/million/seed.ts, each reporting its leaf's services in one status sync
 * (`POST /api/v1/operator/status`), and what every service's status is now, so that a sync changes exactly what
 * the bench means it to (a steady service is sent as it is; the server then leaves it alone).
 *
 * The seed places service `g` at leaf `g % leaves`; seeded with `leaves = services / syncSize`, every leaf holds
 * `syncSize` services, so one sync is one leaf. The seeded status of `g` follows the seed's own draw.
 */
import { noticeKind } from '../../src/plugins/notifications/serviceStatusNotices.js';
import { leafPathOf, serviceName } from './seed.js';

export const STATUSES = ['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'] as const;
export type Status = (typeof STATUSES)[number];
const CODE: Record<Status, number> = { OPERATIONAL: 0, DEGRADED: 1, DOWN: 2, MAINTENANCE: 3, UNKNOWN: 4 };

/** The seed's status draw for service `g` (bench/million/seed.ts: 90 % OPERATIONAL, 4 % DEGRADED, 2 % each other). */
export function seededStatus(g: number, leaves: number): Status {
  const h = (g + Math.floor(g / leaves)) % 50;
  return h < 45 ? 'OPERATIONAL' : h < 47 ? 'DEGRADED' : h === 47 ? 'DOWN' : h === 48 ? 'MAINTENANCE' : 'UNKNOWN';
}

/** One status sync as sent: its leaf, the body, and the changes it carries. */
export interface SyncBody {
  readonly leaf: number;
  readonly body: string;
  /** Entries whose status differs from what the server holds. */
  readonly changes: number;
  /** Services that went DOWN less those that left DOWN. */
  readonly downDelta: number;
}

export class SyncFleet {
  /** Current status of every service, by `g`. */
  readonly status: Uint8Array;
  /** 1 for a service a bench sync has changed: its message is the bench's, no longer the seed's. */
  private readonly moved: Uint8Array;
  readonly leaves: number;
  readonly fanOut: number;

  constructor(
    readonly services: number,
    readonly syncSize: number,
    fanOut: number,
  ) {
    this.leaves = Math.ceil(services / syncSize);
    this.fanOut = fanOut;
    this.status = new Uint8Array(services);
    this.moved = new Uint8Array(services);
    for (let g = 0; g < services; g += 1) this.status[g] = CODE[seededStatus(g, this.leaves)];
  }

  leafPath(leaf: number): string {
    return leafPathOf(leaf, this.fanOut);
  }

  /** The services of a leaf, by `g`. */
  *membersOf(leaf: number): Generator<number> {
    for (let g = leaf; g < this.services; g += this.leaves) yield g;
  }

  statusOf(g: number): Status {
    return STATUSES[this.status[g]!]!;
  }

  /**
   * The sync of `leaf` with `next(g, now)` as each service's reported status (the current one: no change); the
   * fleet's memory moves with it. The entries carry what an agent reports (name, namespace, status, message).
   */
  sync(leaf: number, next: (g: number, now: Status) => Status = (_g, now) => now): SyncBody {
    const entries: string[] = [];
    let changes = 0;
    let downDelta = 0;
    const namespace = `ns-${leaf}`;
    for (const g of this.membersOf(leaf)) {
      const now = this.statusOf(g);
      const status = next(g, now);
      if (status !== now) {
        changes += 1;
        downDelta += (status === 'DOWN' ? 1 : 0) - (now === 'DOWN' ? 1 : 0);
        this.status[g] = CODE[status];
        this.moved[g] = 1;
      }
      // The message the service holds (a sync compares it too): the seed's, or the bench's since it changed.
      const message = status === 'OPERATIONAL' ? null : `${this.moved[g] === 1 ? 'bench' : 'seeded'} ${status.toLowerCase()}`;
      entries.push(
        `{"name":"${serviceName(g)}","namespace":"${namespace}","status":"${status}"${message === null ? '' : `,"message":"${message}"`}}`,
      );
    }
    const body = `{"nodeId":"${this.leafPath(leaf)}","operatorVersion":"bench-1.0.0","services":[${entries.join(',')}]}`;
    return { leaf, body, changes, downDelta };
  }

  /** Services at a status now. */
  count(status: Status): number {
    let n = 0;
    const code = CODE[status];
    for (let g = 0; g < this.services; g += 1) if (this.status[g] === code) n += 1;
    return n;
  }
}

/** Whether a move notifies the owner (src/plugins/notifications/serviceStatusNotices.ts). */
export const notifies = (previous: Status, status: Status): boolean => noticeKind(previous, status) !== null;
