/**
 * The product's CPU task kinds, one per job, as a registry the platform does not fill: the file that
 * owns a computation declares its kind beside its pure handler (the handler runs in a worker thread:
 * no I/O, no state, no clock) by augmenting `WorkerTaskKinds`,
 *
 * ```ts
 * declare module '../../platform/workers/productTasks.js' {
 *   interface WorkerTaskKinds { dashboardStats: { task: DashboardStatsTask; result: DashboardStatsResult } }
 * }
 * ```
 * and the worker threads' entry (src/productWorker.ts) lists one handler per kind,
 * `TaskHandlers<WorkerInput, WorkerOutput>`: a kind without its handler does not compile.
 */
import type { TaskMessage, WorkerPool } from './workerPool.js';

/** Every task kind by its `type`: its task message and its result message (same `type`). Empty here. */
// biome-ignore lint/suspicious/noEmptyInterface: an interface, not a type, so that modules can augment it by declaration merging
export interface WorkerTaskKinds {}

type Kinds = WorkerTaskKinds[keyof WorkerTaskKinds];
export type WorkerInput = Kinds extends { readonly task: infer T extends TaskMessage } ? T : never;
export type WorkerOutput = Kinds extends { readonly result: infer R extends TaskMessage } ? R : never;

export type ProductWorkerPool = WorkerPool<WorkerInput, WorkerOutput>;
