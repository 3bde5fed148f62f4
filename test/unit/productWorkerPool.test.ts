/** The product's worker pool (createWorkerPool.ts) runs the product's tasks, on threads or in process. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarizeDashboard } from '../../src/dashboard/dashboardTask.js';
import { createWorkerPool } from '../../src/workers/createWorkerPool.js';
import { generatedDashboardTask } from '../support/dashboardTasks.js';

describe('product worker pool', () => {
  for (const threads of [0, 1]) {
    it(`with ${threads} thread(s) answers a month of 20,000 services as the main thread computes it`, async () => {
      const expected = summarizeDashboard(generatedDashboardTask(20_000, 9));
      const pool = createWorkerPool({ threads });
      try {
        assert.equal(pool.threads, threads);
        assert.deepEqual(await pool.run(generatedDashboardTask(20_000, 9)), expected);
      } finally {
        await pool.close();
      }
    });
  }
});
