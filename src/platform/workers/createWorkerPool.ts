/**
 * The product's worker pool, created once in the composition root (app.ts) and closed on shutdown.
 * `threads` comes from SVC_WORKER_THREADS (config.ts); 0 runs the tasks on the main thread.
 */
import { createInProcessPool } from './inProcessPool.js';
import { createPiscinaPool, workerModuleBeside } from './piscinaPool.js';
import { productTasks, type ProductWorkerPool, type WorkerInput, type WorkerOutput } from './productTasks.js';

export interface WorkerPoolSettings {
  /** Worker threads; 0: in process, on the main thread. */
  readonly threads: number;
}

export function createWorkerPool(settings: WorkerPoolSettings): ProductWorkerPool {
  if (settings.threads === 0) return createInProcessPool(productTasks);
  return createPiscinaPool<WorkerInput, WorkerOutput>({ workerFile: workerModuleBeside(import.meta.url, 'productWorker'), threads: settings.threads });
}
