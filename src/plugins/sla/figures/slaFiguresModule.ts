/**
 * The SLA figures and the daily report as a module (plugin `sla`), listed after the SLA module and
 * the maintenance windows module, whose services it reads: the definitions and groups (what is
 * measured against what), the excluded spans (what is left out). It brings the figure fields
 * (figuresSchema.ts), the stored closed periods, their invalidation and their recompute after a
 * definition change (storedPeriodRecompute.ts), and the daily report
 * (report/: storage, schedule at SVC_SLA_REPORT_TIME, REST generate/download, GraphQL, the
 * `sla.daily_report` webhook). docs/adr/0037-sla-figures-and-daily-report.md.
 */
import type { CoreServices } from '../../../core/coreServices.js';
import { defaultPageBlocks } from '../../../core/dashboard/uptimeQuery.js';
import type { ProductModule } from '../../../platform/modules/module.js';
import type { OnceServices } from '../../../platform/once/onceModule.js';
import { DailyReports } from '../report/dailyReports.js';
import { slaDailyReportsTable } from '../report/dailyReportsTable.js';
import { slaDailyReportsSchema } from '../report/migrations/0013_sla_daily_reports.js';
import { reportRoutes } from '../report/reportRoutes.js';
import { reportSchema, type SlaReportServices } from '../report/reportSchema.js';
import { slaSettings } from '../report/reportSettings.js';
import { slaDailyReportWebhookSource } from '../report/reportWebhook.js';
import type { SlaServices } from '../slaContext.js';
import type { MaintenanceWindowsServices } from '../windows/maintenanceWindowsContext.js';
import type { FigureDeps } from './figureDeps.js';
import { figuresSchema, type SlaFiguresServices } from './figuresSchema.js';
import { PeriodResultStore } from './periodResultStore.js';
import { figuresReportSource } from './reportSource.js';
import { SlaFigures } from './slaFigures.js';
import { StoredPeriodRecompute } from './storedPeriodRecompute.js';

export type SlaFiguresModuleServices = SlaFiguresServices & SlaReportServices;

export const slaFiguresModule: ProductModule<
  CoreServices & SlaServices & Pick<MaintenanceWindowsServices, 'maintenanceWindowService'> & Pick<OnceServices, 'once'>,
  SlaFiguresModuleServices
> = {
  name: 'slaFigures',
  settings: [slaSettings],
  plugin: 'sla',
  migrations: [slaDailyReportsSchema],
  tables: [slaDailyReportsTable],
  schema: [figuresSchema, reportSchema],
  webhookEvents: [slaDailyReportWebhookSource],
  create(kit, { fleet, sla, maintenanceWindowService, once }) {
    const { writer, knex, clock, logger } = kit;
    const store = new PeriodResultStore({ knex, writer });
    const deps: FigureDeps = {
      catalog: sla.catalog,
      fleet,
      groupSettings: sla.groupSettings,
      timelines: {
        knex,
        pageBlocks: defaultPageBlocks(kit.database.kind),
        settled: () => writer.settled(),
        excludedSpans: (from, to, ids) => maintenanceWindowService.excludedSpansByService(from, to, ids),
      },
      pool: kit.workers,
      clock,
      writer,
      store,
      logger,
    };
    const slaFigures = new SlaFigures(deps);
    const recompute = new StoredPeriodRecompute({ ...deps, log: sla.eventLog });
    const slaReports = new DailyReports({
      writer,
      knex,
      bus: kit.bus,
      clock,
      logger,
      source: figuresReportSource(deps),
      timeOfDay: kit.config.sla.reportTimeOfDay,
      pluginActive: () => kit.plugins.isActive('sla'),
      once,
    });
    return {
      services: { slaFigures, slaReports },
      routes: reportRoutes(slaReports),
      async hydrate() {
        await store.hydrate();
        await slaReports.hydrate();
      },
      busHandlers: {
        staged(event) {
          if (event.type === 'service.status_changed') slaFigures.onStatusChanged(event);
          else if (event.type === 'sla.maintenance_window_changed') slaFigures.onWindowChanged(event);
          else if (event.type === 'sla.definition_changed') recompute.onDefinitionChanged(event);
        },
      },
      start: () => slaReports.start(),
      async stop() {
        await recompute.stop();
        await slaReports.stop();
      },
    };
  },
};
