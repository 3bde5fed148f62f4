/**
 * The domain event of SLA status moves and the webhook family it becomes: `sla.breached`,
 * `sla.at_risk`, `sla.met`.
 *
 * One event per definition, per evaluation (each closed bucket), per webhook name, carrying the
 * definition's pooled status and every service of it that moved into that status at that bucket.
 * Not one per service: a fleet-wide outage moves thousands of (definition, service) statuses in the
 * same bucket, and receivers (chat, paging) want one message naming them, not thousands of requests.
 * Not only the pooled status either: a single service breaching its own target is what someone
 * must fix, and the pooled figure of a large definition hardly moves for it.
 *
 * Webhook `data`:
 * ```
 * { status: "BREACHED" | "AT_RISK" | "MET",
 *   definition: { id, name, targetPercent, period, timeZone },
 *   period: { key, start, end, asOf },            // ISO times; asOf: end of the bucket just closed
 *   definitionStatus: { previousStatus, status, changed, actualValue, errorBudgetRemainingMinutes, burnRate },
 *   services: [{ id, name, path, previousStatus, status, targetPercent, actualValue, coveragePercent,
 *                downtimeMinutes, errorBudgetRemainingMinutes, burnRate }],   // at most 100, by name
 *   servicesCount, servicesTruncated }
 * ```
 * `definitionStatus` is the definition pooled (its services' time added up, against its own target);
 * `changed` says whether it moved into `status` at this bucket. A `previousStatus` of null: not known
 * (first evaluation after a start). `sla.met` lists only recoveries (from AT_RISK or BREACHED).
 */
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { WebhookEventSource } from '../../../platform/events/webhookEventCatalog.js';
import type { PeriodResult, PeriodStatus } from '../../../core/domain/periodArithmetic.js';
import type { CalendarPeriod } from '../arithmetic/periods/calendarPeriods.js';
import type { SlaDefinition } from '../definitions/slaDefinition.js';
import { SLA_STATUS_WEBHOOKS, type SlaStatusWebhook } from './statusRules.js';

export const MAX_SERVICES_PER_WEBHOOK = 100;

export interface MovedService {
  readonly id: string;
  readonly name: string | null;
  readonly path: string | null;
  readonly previousStatus: PeriodStatus | null;
  readonly targetPercent: number;
  readonly result: PeriodResult;
}

export interface SlaStatusChangedEvent {
  readonly type: 'sla.status_changed';
  readonly webhook: SlaStatusWebhook;
  readonly status: PeriodStatus;
  readonly definition: Pick<SlaDefinition, 'id' | 'name' | 'targetPercent' | 'period' | 'timeZone'>;
  readonly period: CalendarPeriod;
  readonly asOf: number;
  readonly definitionStatus: { readonly previousStatus: PeriodStatus | null; readonly changed: boolean; readonly result: PeriodResult };
  /** Every service that moved into `status` (the webhook lists the first 100 by name). */
  readonly services: readonly MovedService[];
  readonly at: number;
  readonly origin: Origin;
}

declare module '../../../platform/events/domainEvents.js' {
  interface DomainEventMap {
    'sla.status_changed': SlaStatusChangedEvent;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
/** JSON has no Infinity: an unbounded burn rate (a 100 % target with downtime) is null, as in GraphQL. */
const finite = (value: number | null) => (value === null || !Number.isFinite(value) ? null : value);

export const slaStatusWebhookSource: WebhookEventSource<SlaStatusChangedEvent> = {
  family: 'sla',
  domainTypes: ['sla.status_changed'],
  names: [SLA_STATUS_WEBHOOKS.BREACHED, SLA_STATUS_WEBHOOKS.AT_RISK, SLA_STATUS_WEBHOOKS.MET],
  translate(event) {
    const { definition, period, definitionStatus } = event;
    const services = [...event.services].sort((a, b) => (a.name ?? a.id).localeCompare(b.name ?? b.id)).slice(0, MAX_SERVICES_PER_WEBHOOK);
    return {
      name: event.webhook,
      at: event.at,
      data: {
        status: event.status,
        definition: {
          id: definition.id,
          name: definition.name,
          targetPercent: definition.targetPercent,
          period: definition.period,
          timeZone: definition.timeZone,
        },
        period: { key: period.key, start: iso(period.start), end: iso(period.end), asOf: iso(event.asOf) },
        definitionStatus: {
          previousStatus: definitionStatus.previousStatus,
          status: definitionStatus.result.status,
          changed: definitionStatus.changed,
          actualValue: definitionStatus.result.actualValue,
          errorBudgetRemainingMinutes: definitionStatus.result.errorBudgetRemainingMinutes,
          burnRate: finite(definitionStatus.result.burnRate),
        },
        services: services.map((s) => ({
          id: s.id,
          name: s.name,
          path: s.path,
          previousStatus: s.previousStatus,
          status: s.result.status,
          targetPercent: s.targetPercent,
          actualValue: s.result.actualValue,
          coveragePercent: s.result.coveragePercent,
          downtimeMinutes: s.result.downtimeMinutes,
          errorBudgetRemainingMinutes: s.result.errorBudgetRemainingMinutes,
          burnRate: finite(s.result.burnRate),
        })),
        servicesCount: event.services.length,
        servicesTruncated: event.services.length > services.length,
      },
    };
  },
};
