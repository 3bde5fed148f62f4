/**
 * `sla.definition_changed`: what a definition measures changed, announced in the batch of
 * the change (staged) and after its commit. The SLA model opens the incidents of services that are
 * already down when a definition starts to count them (incidentBook.ts `onCoverageChanged`); the
 * figures recompute the closed periods stored under the old rule (figures/storedPeriodRecompute.ts).
 *
 * Not announced: changes of name, description, burn-rate rules or ticket link (they change no figure
 * of a period), and changes that changed nothing.
 */
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { SlaEventKind } from '../eventLog/slaEventLog.js';
import type { SlaDefinition } from './slaDefinition.js';

/**
 * - `target`: the definition's target, or a scope's (service, group, tier) target set or deleted;
 * - `counting`: whether DEGRADED counts as down;
 * - `coverage`: an assignment added or removed (which services it measures);
 * - `calendar`: its period or time zone (the stored periods are of another calendar).
 */
export type DefinitionChange = 'target' | 'counting' | 'coverage' | 'calendar';

export interface SlaDefinitionChangedEvent {
  readonly type: 'sla.definition_changed';
  /** As it is after the change. */
  readonly definition: SlaDefinition;
  readonly changes: readonly DefinitionChange[];
  /** The event log entry of the change (what a recompute names as its cause). */
  readonly cause: { readonly kind: SlaEventKind; readonly fields?: readonly string[] };
  /**
   * Services the definition started to count as down by this change, to look at for an outage going
   * on: those of a new assignment, or all it covers when DEGRADED began to count. Empty otherwise.
   */
  readonly nowCounted: readonly string[];
  readonly at: number;
  readonly origin: Origin;
  /** The person who made the change. */
  readonly actorId: string | null;
}

declare module '../../../platform/events/domainEvents.js' {
  interface DomainEventMap {
    'sla.definition_changed': SlaDefinitionChangedEvent;
  }
}

/** What a definition update changes of its figures, from the fields that changed. */
export function changesOfFields(fields: readonly string[]): DefinitionChange[] {
  const changes: DefinitionChange[] = [];
  if (fields.includes('targetPercent')) changes.push('target');
  if (fields.includes('degradedCountsAsDown')) changes.push('counting');
  if (fields.includes('period') || fields.includes('timeZone')) changes.push('calendar');
  return changes;
}
