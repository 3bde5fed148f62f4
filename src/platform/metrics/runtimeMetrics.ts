/**
 * The runtime's metrics: prom-client's default set under the names every Node.js dashboard knows
 * (`process_*`, `nodejs_*`: CPU, resident memory, file descriptors, heap and heap spaces, event-loop
 * delay from `monitorEventLoopDelay`, GC pauses by kind, active handles), plus what it lacks, the event
 * loop's utilisation, as a counter of the seconds it was busy (its rate is the utilisation, 0 to 1).
 */
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics } from 'prom-client';
import type { MetricDeclaration } from './metricDeclaration.js';
import type { MetricsRegistry } from './metricsRegistry.js';

export const RUNTIME_METRICS: readonly MetricDeclaration[] = [
  {
    name: 'svc_event_loop_active_seconds_total',
    kind: 'counter',
    help: 'Seconds the event loop spent running code rather than waiting for I/O; its rate is the event-loop utilisation (0 to 1)',
  },
];

/**
 * How often the event-loop delay monitor samples, in ms (prom-client's default). Each sample is a libuv timer that
 * wakes the loop when it sleeps: metrics' largest cost per push (`bench:overhead` measures it: 0.55-0.66 ms of CPU
 * a second in a process taking a turn every millisecond, where its samples fall in turns taken anyway; 3.1-3.7 ms in
 * an idle one; machine at load 19-42). It stays at 10: the monitor records the whole interval between its samples, so every
 * `nodejs_eventloop_lag_*` value includes it (an idle loop's p50 reads 10 ms here, 20 ms at 20), and a coarser
 * precision would move every dashboard and the delay alert's threshold (deploy/prometheus).
 */
export const EVENT_LOOP_MONITORING_PRECISION_MS = 10;

/** Declares and feeds the runtime's metrics; prom-client's defaults (a GC observer, a delay monitor) only when metrics are on. */
export function instrumentRuntime(metrics: MetricsRegistry): void {
  metrics.declare(RUNTIME_METRICS, 'platform');
  metrics.collect('svc_event_loop_active_seconds_total', () => performance.eventLoopUtilization().active / 1000);
  if (!metrics.enabled) return;
  // The delay monitor costs one timer in libuv, not a JS callback.
  collectDefaultMetrics({ register: metrics.prometheus, eventLoopMonitoringPrecision: EVENT_LOOP_MONITORING_PRECISION_MS });
  // Gauges named like counters (promtool check metrics refuses them); the same figures by type stay
  // (`nodejs_active_handles{type}`, ...), whose sum is the total.
  for (const name of MISNAMED_DEFAULTS) metrics.prometheus.removeSingleMetric(name);
}

const MISNAMED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];
