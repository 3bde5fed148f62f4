/**
 * The daily SLA reports: generated on demand (POST /api/v1/sla/report/generate) and once a day by
 * the scheduler, stored one per UTC day, read back whole for GraphQL and the downloads.
 *
 * Exactly once a day: the day of the last scheduled run is loaded at start and moved forward when a
 * scheduled run is staged (before its commit, so a timer and the start-up catch-up that race see it);
 * a failed commit moves it back and the run is tried again a minute later. A run owed while the
 * server was down happens once at start. A manual run replaces the day's report but keeps the
 * day's scheduled mark, so it neither suppresses nor repeats the scheduled run's webhook.
 *
 * Once per cluster: with `once` (src/platform/once), the scheduled run of a day is claimed as the job
 * `sla.daily_report` for that day before it is generated, and the claim's finish mark commits in the report's
 * own batch: of several instances one generates the day's report, the others see the day done (or held,
 * and look again once the claim would have expired: a claimant that died leaves it to them). Manual runs
 * take no claim.
 */
import type { Knex } from 'knex';
import type { Clock, TimerHandle } from '../../../platform/scheduler/index.js';
import { emitOnCommit } from '../../../platform/events/emitOnCommit.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import type { Logger } from '../../../platform/log/logger.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import { iso } from '../../../core/storage/tables.js';
import type { OnceClaims } from '../../../platform/once/onceClaims.js';
import { onceClaimsTable } from '../../../platform/once/onceMigration.js';
import {
  reportDayOf,
  summarizeReport,
  type DailyReport,
  type DailyReportRow,
  type ReportDay,
  type ReportSummary,
  type ReportTrigger,
} from './dailyReport.js';
import { slaDailyReportsTable } from './dailyReportsTable.js';
import { nextScheduledRun, owedReportDay, type ReportTimeOfDay } from './reportSchedule.js';

/** Where a report's rows come from: every SLA with its figures at `at`. */
export interface ReportSource {
  rows(at: number): Promise<readonly DailyReportRow[]>;
}

export interface ReportListing extends ReportSummary {
  readonly day: ReportDay;
  readonly generatedAt: number;
  readonly trigger: ReportTrigger;
}

export interface DailyReportsOptions {
  readonly writer: BatchWriter;
  readonly knex: Knex;
  readonly bus: EventBus;
  /** Product time: the report's day and its schedule are rules a person observes. */
  readonly clock: Clock;
  readonly logger: Logger;
  readonly source: ReportSource;
  /** When the scheduled report runs each day (minutes after 00:00 UTC). */
  readonly timeOfDay: ReportTimeOfDay;
  /**
   * Whether the `sla` plugin is active: the `sla.daily_report` webhook goes out only then. The report
   * itself is kept regardless, so turning the plugin on shows the days before. @default always
   */
  readonly pluginActive?: () => boolean;
  /** Claims of cluster-wide jobs: the scheduled run of a day happens on one instance. Without it, here (one process). */
  readonly once?: OnceClaims;
}

/** The job name of the scheduled run in src/platform/once; the period is the report's day. */
export const DAILY_REPORT_JOB = 'sla.daily_report';

const RETRY_AFTER_FAILURE_MS = 60_000;

export class DailyReports {
  private lastScheduledDay: ReportDay | undefined;
  /** When the last scheduled run of `lastScheduledDay` was staged (kept when a manual run replaces the row). */
  private lastScheduledAt: number | undefined;
  private timer: TimerHandle | undefined;
  private scheduledRun: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: DailyReportsOptions) {}

  async hydrate(): Promise<void> {
    const row = await this.options
      .knex('sla_daily_reports')
      .whereNotNull('scheduled_at')
      .orderBy('day', 'desc')
      .first('day', 'scheduled_at');
    this.lastScheduledDay = row?.day;
    this.lastScheduledAt = row ? new Date(row.scheduled_at).getTime() : undefined;
  }

  /** Starts the schedule: runs a report owed since before the start, then arms the next. */
  start(): void {
    this.stopped = false;
    this.tick();
  }

  stop(): Promise<void> {
    this.stopped = true;
    this.options.clock.clearTimer(this.timer);
    return this.scheduledRun ?? Promise.resolve();
  }

  /** Generates today's report now; resolves once it is committed. */
  generate(trigger: ReportTrigger = 'manual'): Promise<DailyReport> {
    return this.run(trigger);
  }

  async get(day: ReportDay): Promise<DailyReport | undefined> {
    const row = await this.options.knex('sla_daily_reports').where({ day }).first('report');
    return row ? (parseJson(row.report) as DailyReport) : undefined;
  }

  /** The newest report, if any. */
  async latest(): Promise<DailyReport | undefined> {
    const row = await this.options.knex('sla_daily_reports').orderBy('day', 'desc').first('report');
    return row ? (parseJson(row.report) as DailyReport) : undefined;
  }

  /** Newest first. */
  async list(page: { readonly limit: number; readonly offset: number }): Promise<ReportListing[]> {
    const rows = await this.options
      .knex('sla_daily_reports')
      .select('day', 'generated_at', 'trigger', 'sla_count', 'met_count', 'at_risk_count', 'breached_count', 'no_data_count')
      .orderBy('day', 'desc')
      .limit(page.limit)
      .offset(page.offset);
    return rows.map((r) => ({
      day: r.day,
      generatedAt: new Date(r.generated_at).getTime(),
      trigger: r.trigger,
      slaCount: r.sla_count,
      metCount: r.met_count,
      atRiskCount: r.at_risk_count,
      breachedCount: r.breached_count,
      noDataCount: r.no_data_count,
    }));
  }

  private tick(): void {
    if (this.stopped) return;
    const { clock } = this.options;
    const owed = owedReportDay(clock.now(), this.options.timeOfDay, this.lastScheduledDay);
    if (owed === undefined) {
      this.arm(nextScheduledRun(clock.now(), this.options.timeOfDay) - clock.now());
      return;
    }
    if (this.scheduledRun) return;
    this.scheduledRun = this.runScheduled(owed, clock.now())
      .then(
        (retryInMs) => this.arm(retryInMs ?? nextScheduledRun(clock.now(), this.options.timeOfDay) - clock.now()),
        (error: unknown) => {
          this.options.logger.error('the scheduled SLA daily report failed; trying again in a minute', { error });
          this.arm(RETRY_AFTER_FAILURE_MS);
        },
      )
      .finally(() => {
        this.scheduledRun = undefined;
      });
  }

  /**
   * The scheduled run of `day`, on this instance if it gets the day's claim. Resolves with when to look
   * again when another instance holds the claim (just after it would expire), else undefined.
   */
  private async runScheduled(day: ReportDay, at: number): Promise<number | undefined> {
    const { once, clock } = this.options;
    if (once === undefined) {
      await this.run('schedule', at);
      return undefined;
    }
    const claim = await once.claim(DAILY_REPORT_JOB, day);
    if (claim.kind === 'done') {
      // Another instance generated it (or this one, before a restart that lost nothing): the day is done.
      if (this.lastScheduledDay === undefined || this.lastScheduledDay < day) this.lastScheduledDay = day;
      return undefined;
    }
    if (claim.kind === 'held') return Math.max(1000, claim.until - clock.now() + 1000);
    try {
      // As of the moment it fell due (`at`), not after the claim's round trip: a day's run reports on that day.
      await this.run('schedule', at);
    } catch (error) {
      await once.release(DAILY_REPORT_JOB, day).catch(() => undefined);
      throw error;
    }
    return undefined;
  }

  private arm(delayMs: number): void {
    if (this.stopped) return;
    this.options.clock.clearTimer(this.timer);
    this.timer = this.options.clock.setTimer(delayMs, () => this.tick());
  }

  private async run(trigger: ReportTrigger, at = this.options.clock.now()): Promise<DailyReport> {
    const { source, writer, bus } = this.options;
    const rows = await source.rows(at);
    const report: DailyReport = { day: reportDayOf(at), generatedAt: at, trigger, rows };
    const summary = summarizeReport(report);
    const previous = { day: this.lastScheduledDay, at: this.lastScheduledAt };
    if (trigger === 'schedule') {
      this.lastScheduledDay = report.day;
      this.lastScheduledAt = at;
    }
    const scheduledAt = this.lastScheduledDay === report.day ? (this.lastScheduledAt ?? null) : null;
    writer.upsert(slaDailyReportsTable, {
      day: report.day,
      generated_at: iso(at),
      trigger,
      scheduled_at: iso(scheduledAt),
      sla_count: summary.slaCount,
      met_count: summary.metCount,
      at_risk_count: summary.atRiskCount,
      breached_count: summary.breachedCount,
      no_data_count: summary.noDataCount,
      report,
    });
    // The day's claim is finished in the report's own batch: the mark exists if and only if the report committed.
    if (trigger === 'schedule' && this.options.once)
      writer.upsert(onceClaimsTable, this.options.once.finishRow(DAILY_REPORT_JOB, report.day));
    if (this.options.pluginActive?.() ?? true) {
      emitOnCommit(writer, bus, {
        type: 'sla.daily_report_generated',
        day: report.day,
        trigger,
        summary,
        at,
        origin: trigger === 'schedule' ? 'timer' : 'api',
      });
    }
    try {
      await writer.acknowledge();
    } catch (error) {
      if (trigger === 'schedule' && this.lastScheduledDay === report.day && this.lastScheduledAt === at) {
        this.lastScheduledDay = previous.day;
        this.lastScheduledAt = previous.at;
      }
      throw error;
    }
    return report;
  }
}

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

export interface SlaDailyReportGeneratedEvent {
  readonly type: 'sla.daily_report_generated';
  readonly day: ReportDay;
  readonly trigger: ReportTrigger;
  readonly summary: ReportSummary;
  readonly at: number;
  readonly origin: 'api' | 'timer';
}

declare module '../../../platform/events/domainEvents.js' {
  interface DomainEventMap {
    'sla.daily_report_generated': SlaDailyReportGeneratedEvent;
  }
}
