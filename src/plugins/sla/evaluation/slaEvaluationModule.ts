/**
 * The live SLA evaluation as a module (plugin `sla`), listed after the SLA model and the windows
 * module, whose services it uses: every closed 5-minute bucket it evaluates each definition's open
 * period, raises and resolves BREACHED / AT_RISK / FAST_BURN / SLOW_BURN alerts through the SLA
 * model's alert store (so `sla:alert` reaches subscribers) and sends `sla.breached` / `sla.at_risk` /
 * `sla.met` webhooks. Background work, not gated by the licence (as incidents and backup alerts):
 * turning the plugin on shows alerts that are true; the webhooks, a feature people receive, go out
 * only while the plugin is active.
 */
import type { CoreServices } from '../../../core/coreServices.js';
import { defaultPageBlocks } from '../../../core/dashboard/uptimeQuery.js';
import { DURATION_BUCKETS } from '../../../platform/metrics/metricDeclaration.js';
import type { ProductModule } from '../../../platform/modules/module.js';
import { loadTimelineColumns } from '../figures/timelineLoader.js';
import type { SlaServices } from '../slaContext.js';
import type { MaintenanceWindowsServices } from '../windows/maintenanceWindowsContext.js';
import { BurnAlertStates, slaBurnAlertStatesTable } from './burnAlertStates.js';
import { slaBurnAlertStatesSchema } from './migrations/0014_sla_burn_alert_states.js';
import { evaluationOwnership } from './evaluationOwnership.js';
import { SlaEvaluator } from './slaEvaluator.js';
import { createSlaBreachLog } from './slaBreachLog.js';
import { slaStatusWebhookSource } from './slaStatusEvents.js';

/** Heap blocks of `status_intervals` per page while a definition is built (about 3,000 rows). */
const CATCH_UP_PAGE_BLOCKS = 32;

export interface SlaEvaluationServices {
  /** The live evaluation: statuses as of the last closed bucket; `idle()` for tests. */
  readonly slaEvaluation: SlaEvaluator;
}

export const slaEvaluationModule: ProductModule<CoreServices & SlaServices & MaintenanceWindowsServices, SlaEvaluationServices> = {
  name: 'slaEvaluation',
  plugin: 'sla',
  migrations: [slaBurnAlertStatesSchema],
  tables: [slaBurnAlertStatesTable],
  webhookEvents: [slaStatusWebhookSource],
  metrics: [
    {
      name: 'svc_sla_evaluation_tick_seconds',
      kind: 'histogram',
      help: 'Seconds one live SLA evaluation (every closed 5-minute bucket) took, its alerts committed, by outcome',
      labels: { outcome: ['ok', 'failed'] },
      buckets: DURATION_BUCKETS,
    },
  ],
  create(kit, { fleet, sla, maintenanceWindowService }) {
    const tickOk = kit.metrics.histogram('svc_sla_evaluation_tick_seconds', { outcome: 'ok' });
    const tickFailed = kit.metrics.histogram('svc_sla_evaluation_tick_seconds', { outcome: 'failed' });
    const burnStates = new BurnAlertStates(kit.writer);
    const { routing } = kit.writer;
    const source = {
      knex: kit.knex,
      // Smaller pages than the figures' on PostgreSQL: each page's decoding is one slice of the event loop during the catch-up.
      pageBlocks: Math.min(CATCH_UP_PAGE_BLOCKS, defaultPageBlocks(kit.database.kind)),
      settled: () => kit.writer.settled(),
      excludedSpans: (from: number, to: number, ids: readonly string[]) => maintenanceWindowService.excludedSpansByService(from, to, ids),
    };
    const slaEvaluation = new SlaEvaluator({
      clock: kit.clock,
      writer: kit.writer,
      bus: kit.bus,
      logger: kit.logger.child({ module: 'slaEvaluation' }),
      catalog: sla.catalog,
      alerts: sla.alerts,
      burnStates,
      services: fleet.services,
      slaGroups: fleet.slaGroups,
      // Rows as read: the timeline is built and the open period caught up on the worker pool.
      loadHistory: (serviceIds, range) => loadTimelineColumns(source, serviceIds, range),
      workers: kit.workers,
      pluginActive: () => kit.plugins.isActive('sla'),
      onTick: (seconds, ok) => (ok ? tickOk : tickFailed).observe(seconds),
      ...(routing ? evaluationOwnership(routing, kit.knex, sla.alerts, burnStates, fleet.services) : {}),
    });
    routing?.onTaken(() => slaEvaluation.shardsTaken());
    const breachLog = createSlaBreachLog(kit.logger, kit.clock);
    return {
      services: { slaEvaluation },
      hydrate: () => burnStates.load(kit.knex),
      // Cluster mode: burn-rate alert states committed by the owners of other shards (docs/adr/0068).
      shared: [burnStates.sharedRows()],
      busHandlers: {
        committed: (event) => {
          slaEvaluation.onCommitted(event);
          breachLog(event);
        },
      },
      start: () => slaEvaluation.start(),
      stop: () => slaEvaluation.stop(),
    };
  },
};
