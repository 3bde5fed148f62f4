/**
 * Services whose latest storage report is warning or critical (SPEC.md "Storage status"), and how
 * many of them sit at or below each hierarchy node. A storage state is not a service status: it is
 * kept beside it, so that the hierarchy, the lists and the dashboard can show storage trouble without
 * a scan of the fleet. Counts move on the rare change of a storage state (one walk up the node's
 * prefixes); reads are a map lookup.
 */
import type { ServiceRecord, StorageStatus } from '../domain/service.js';

export type StorageProblem = Exclude<StorageStatus, 'healthy'>;

export interface StorageCounts {
  readonly warning: number;
  readonly critical: number;
}

const NONE: StorageCounts = Object.freeze({ warning: 0, critical: 0 });

const problemOf = (record: ServiceRecord): StorageProblem | null => {
  const status = record.storage?.status;
  return status === 'warning' || status === 'critical' ? status : null;
};

export class StorageIndex {
  private readonly ids: Record<StorageProblem, Set<string>> = { warning: new Set(), critical: new Set() };
  /** Node path -> services with a storage problem at that node or below it. */
  private readonly underNode = new Map<string, { warning: number; critical: number }>();

  add(record: ServiceRecord): void {
    const problem = problemOf(record);
    if (problem === null) return;
    this.ids[problem].add(record.id);
    this.count(record.nodePath, problem, 1);
  }

  remove(record: ServiceRecord): void {
    const problem = problemOf(record);
    if (problem === null || !this.ids[problem].delete(record.id)) return;
    this.count(record.nodePath, problem, -1);
  }

  update(before: ServiceRecord, after: ServiceRecord): void {
    if (before.storage === after.storage || problemOf(before) === problemOf(after)) return;
    this.remove(before);
    this.add(after);
  }

  /** Ids of the services in `problem`, in no particular order. */
  withProblem(problem: StorageProblem): ReadonlySet<string> {
    return this.ids[problem];
  }

  /** Counts at `path` and below; null: the whole fleet. */
  countsUnder(path: string | null): StorageCounts {
    if (path === null) return { warning: this.ids.warning.size, critical: this.ids.critical.size };
    return this.underNode.get(path) ?? NONE;
  }

  private count(nodePath: string, problem: StorageProblem, delta: number): void {
    let end = nodePath.indexOf('/');
    for (;;) {
      const prefix = end < 0 ? nodePath : nodePath.slice(0, end);
      let counts = this.underNode.get(prefix);
      if (!counts) {
        counts = { warning: 0, critical: 0 };
        this.underNode.set(prefix, counts);
      }
      counts[problem] += delta;
      if (counts.warning === 0 && counts.critical === 0) this.underNode.delete(prefix);
      if (end < 0) return;
      end = nodePath.indexOf('/', end + 1);
    }
  }
}
