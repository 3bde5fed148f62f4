/**
 * The entry of the product's worker threads, as main.ts is the main thread's: each thread loads this
 * module (its default export), and the composition root (app.ts) creates the pool with
 * `createWorkerPool`. It lists one pure handler per task kind; each kind is declared beside its
 * handler by the code that owns the computation (src/platform/workers/productTasks.ts), and the table
 * is checked against them (a kind without its handler does not compile). The release bundles it as `src/productWorker.js` beside `src/main.js`.
 */
import { summarizeDashboard } from './core/dashboard/dashboardTask.js';
import { catchUpOpenPeriod } from './plugins/sla/incremental/catchUpTask.js';
import { computePeriodResults, computeTrendSeries } from './plugins/sla/slaBatchTasks.js';
import { readTemplateYaml } from './plugins/ticketing/templates/templateYamlTask.js';
import { createInProcessPool } from './platform/workers/inProcessPool.js';
import { createPiscinaPool, piscinaTaskHandler, workerModuleBeside } from './platform/workers/piscinaPool.js';
import type { ProductWorkerPool, WorkerInput, WorkerOutput } from './platform/workers/productTasks.js';
import type { TaskHandlers } from './platform/workers/workerPool.js';

export const productTasks: TaskHandlers<WorkerInput, WorkerOutput> = {
  dashboardStats: summarizeDashboard,
  slaPeriodResults: computePeriodResults,
  slaTrendSeries: computeTrendSeries,
  slaCatchUp: catchUpOpenPeriod,
  templateYaml: readTemplateYaml,
};

export interface WorkerPoolSettings {
  /** Worker threads; 0: in process, on the main thread. */
  readonly threads: number;
}

/**
 * The product's worker pool, created once in the composition root (app.ts) and closed on shutdown.
 * `threads` comes from SVC_WORKER_THREADS (config.ts); 0 runs the tasks on the main thread.
 */
export function createWorkerPool(settings: WorkerPoolSettings): ProductWorkerPool {
  if (settings.threads === 0) return createInProcessPool(productTasks);
  return createPiscinaPool<WorkerInput, WorkerOutput>({
    workerFile: workerModuleBeside(import.meta.url, 'productWorker'),
    threads: settings.threads,
  });
}

export default piscinaTaskHandler(productTasks);
