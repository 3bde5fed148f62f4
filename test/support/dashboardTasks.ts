/** A generated month of status intervals for a fleet, as the dashboard task takes it (dashboardTask.ts). */
import type { DashboardStatsTask } from '../../src/core/dashboard/dashboardTask.js';
import { monthPeriod } from '../../src/core/domain/periodArithmetic.js';

const MINUTE = 60_000;

/**
 * `services` services, each with `perService` intervals alternating OPERATIONAL (code 1) and DOWN
 * (3) through March 2026 up to "now" (March 31), the last one open; lengths vary by service so the
 * results differ. Every third service has no SLA target, the others 99 or 99.9.
 */
export function generatedDashboardTask(services: number, perService: number): DashboardStatsTask {
  const now = Date.parse('2026-03-31T00:00:00Z');
  const period = monthPeriod(now);
  const count = services * perService;
  const service = new Uint32Array(count);
  const seq = new Int32Array(count);
  const status = new Uint8Array(count);
  const startedAt = new Float64Array(count);
  const endedAt = new Float64Array(count);
  const targets = new Float64Array(services);
  let row = 0;
  for (let s = 0; s < services; s += 1) {
    targets[s] = s % 3 === 0 ? Number.NaN : s % 3 === 1 ? 99 : 99.9;
    let at = period.start - 3600_000;
    for (let k = 0; k < perService; k += 1) {
      const down = k % 2 === 1;
      const length = down ? ((s * 7 + k) % 120) * MINUTE : ((now - period.start) / perService) | 0;
      service[row] = s;
      seq[row] = k + 1;
      status[row] = down ? 3 : 1;
      startedAt[row] = at;
      at += length;
      endedAt[row] = k === perService - 1 ? Number.NaN : at;
      row += 1;
    }
  }
  return { type: 'dashboardStats', period, now, targets, intervals: { service, seq, status, startedAt, endedAt } };
}
