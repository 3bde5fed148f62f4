/**
 * Services per status at and below each hierarchy node, kept as services come, change status and go (issue 31):
 * the hierarchy's counts and status summaries are a map lookup, not a walk of the services under the node (at a
 * million services the roots' summaries walked every service: 2.2 s).
 *
 * A node is a path and every prefix of it is a node (nodeHierarchy.ts), so a service counts at each prefix of its
 * node path: a change walks the path's prefixes (four or so), as the storage counts do (storageIndex.ts). Loading
 * counts per exact node first and adds each node's counts to its prefixes once at `finishLoad` (one walk per node,
 * not per service). A node whose count drops to zero leaves the map.
 */
import { SERVICE_STATUSES, type ServiceRecord, type ServiceStatus } from '../domain/service.js';

/** Services per status, and their total. */
export type StatusCounts = Readonly<Record<ServiceStatus, number>> & { readonly total: number };

const STATUS_SLOT: Readonly<Record<ServiceStatus, number>> = Object.fromEntries(SERVICE_STATUSES.map((s, i) => [s, i])) as Record<
  ServiceStatus,
  number
>;
/** Slots per node: one per status, then the total. */
const SLOTS = SERVICE_STATUSES.length + 1;
const TOTAL = SERVICE_STATUSES.length;

const NONE: StatusCounts = countsOf(new Int32Array(SLOTS));

function countsOf(slots: Int32Array): StatusCounts {
  const counts = { total: slots[TOTAL]! } as Record<ServiceStatus | 'total', number>;
  SERVICE_STATUSES.forEach((status, i) => {
    counts[status] = slots[i]!;
  });
  return counts;
}

export class NodeStatusCounts {
  /** Node path -> services per status at that node or below it (the last slot: all of them). */
  private readonly underNode = new Map<string, Int32Array>();
  /** While loading: services per status at exactly each node, added to the prefixes by `finishLoad`. */
  private loading: Map<string, Int32Array> | null = null;

  add(record: Pick<ServiceRecord, 'nodePath' | 'status'>): void {
    this.count(record.nodePath, STATUS_SLOT[record.status], 1);
  }

  remove(record: Pick<ServiceRecord, 'nodePath' | 'status'>): void {
    this.count(record.nodePath, STATUS_SLOT[record.status], -1);
  }

  update(before: Pick<ServiceRecord, 'nodePath' | 'status'>, after: Pick<ServiceRecord, 'nodePath' | 'status'>): void {
    if (before.status === after.status && before.nodePath === after.nodePath) return;
    this.remove(before);
    this.add(after);
  }

  /** A record read at start: counted at its node only until `finishLoad`. */
  load(record: Pick<ServiceRecord, 'nodePath' | 'status'>): void {
    this.loading ??= new Map();
    let slots = this.loading.get(record.nodePath);
    if (!slots) {
      slots = new Int32Array(SLOTS);
      this.loading.set(record.nodePath, slots);
    }
    slots[STATUS_SLOT[record.status]]! += 1;
    slots[TOTAL]! += 1;
  }

  /** Adds what `load` counted to every prefix of each node. */
  finishLoad(): void {
    const loaded = this.loading;
    this.loading = null;
    if (loaded === null) return;
    for (const [nodePath, slots] of loaded) {
      this.walk(nodePath, (prefix) => {
        const into = this.slotsOf(prefix);
        for (let i = 0; i < SLOTS; i += 1) into[i]! += slots[i]!;
      });
    }
  }

  /** Services per status at `path` and below it. */
  under(path: string): StatusCounts {
    const slots = this.underNode.get(path);
    return slots === undefined ? NONE : countsOf(slots);
  }

  /** Services at `path` and below it. */
  totalUnder(path: string): number {
    return this.underNode.get(path)?.[TOTAL] ?? 0;
  }

  private count(nodePath: string, slot: number, delta: number): void {
    this.walk(nodePath, (prefix) => {
      const slots = this.slotsOf(prefix);
      slots[slot]! += delta;
      slots[TOTAL]! += delta;
      if (slots[TOTAL] === 0) this.underNode.delete(prefix);
    });
  }

  private slotsOf(path: string): Int32Array {
    let slots = this.underNode.get(path);
    if (!slots) {
      slots = new Int32Array(SLOTS);
      this.underNode.set(path, slots);
    }
    return slots;
  }

  /** Calls `visit` with each prefix of `nodePath` (`a`, `a/b`, `a/b/c`), the path itself last. */
  private walk(nodePath: string, visit: (prefix: string) => void): void {
    let end = nodePath.indexOf('/');
    for (;;) {
      visit(end < 0 ? nodePath : nodePath.slice(0, end));
      if (end < 0) return;
      end = nodePath.indexOf('/', end + 1);
    }
  }
}
