/**
 * What a ticket raised by an SLA outage says (pure): which definition asks for it, its impact from
 * the service's criticality, its title and description, and the recovery note.
 * docs/adr/0044-sla-meets-itsm.md has the why.
 */
import type { SlaDefinition } from '../../sla/definitions/slaDefinition.js';
import type { SlaIncident } from '../../sla/incidents/incidentRules.js';
import type { Impact } from '../ticketContract.js';

/**
 * Criticality is free text declared by agents (SPEC.md: `critical` is a seen value). The usual words
 * map to the matching impact; anything else, or none, is MEDIUM: a service under an SLA that is out
 * is never a LOW matter by default, and nobody said it is critical.
 */
const IMPACT_OF_CRITICALITY: Readonly<Record<string, Impact>> = {
  critical: 'CRITICAL',
  'mission-critical': 'CRITICAL',
  'mission critical': 'CRITICAL',
  highest: 'CRITICAL',
  p1: 'CRITICAL',
  tier0: 'CRITICAL',
  'tier-0': 'CRITICAL',
  high: 'HIGH',
  important: 'HIGH',
  p2: 'HIGH',
  tier1: 'HIGH',
  'tier-1': 'HIGH',
  medium: 'MEDIUM',
  moderate: 'MEDIUM',
  normal: 'MEDIUM',
  p3: 'MEDIUM',
  tier2: 'MEDIUM',
  'tier-2': 'MEDIUM',
  low: 'LOW',
  minor: 'LOW',
  lowest: 'LOW',
  p4: 'LOW',
  tier3: 'LOW',
  'tier-3': 'LOW',
};

export function impactOfCriticality(criticality: string | null): Impact {
  if (criticality === null) return 'MEDIUM';
  return IMPACT_OF_CRITICALITY[criticality.trim().toLowerCase()] ?? 'MEDIUM';
}

/** The definition that asks for a ticket among those the incident counts against (the first by name), or undefined. */
export function raisingDefinition(
  incident: Pick<SlaIncident, 'definitionIds'>,
  definitionOf: (id: string) => SlaDefinition | undefined,
): SlaDefinition | undefined {
  return incident.definitionIds
    .map(definitionOf)
    .filter((d): d is SlaDefinition => d?.raiseTicket === true)
    .sort((a, b) => a.name.localeCompare(b.name))[0];
}

export interface OutageService {
  readonly name: string;
  readonly displayName: string | null;
  readonly nodePath: string;
  readonly criticality: string | null;
}

const MAX_TITLE = 200;
const isoOf = (ms: number) => new Date(ms).toISOString();

/** `checkout is DOWN (SLA "Gold")`: the service and the SLA, shortened to the ticket title's limit. */
export function outageTitle(
  service: OutageService,
  incident: Pick<SlaIncident, 'severity'>,
  definition: Pick<SlaDefinition, 'name'>,
): string {
  const state = incident.severity === 'CRITICAL' ? 'DOWN' : 'DEGRADED';
  const name = service.displayName ?? service.name;
  const sla = ` (SLA "${definition.name}")`;
  const head = `${name} is ${state}`;
  return head.length + sla.length <= MAX_TITLE ? head + sla : `${head.slice(0, MAX_TITLE - sla.length - 1)}…${sla}`.slice(0, MAX_TITLE);
}

export function outageDescription(
  service: OutageService,
  incident: SlaIncident,
  definition: SlaDefinition,
  droppedItem: string | null,
): string {
  const lines = [
    `Raised by SLA incident ${incident.id} ("${incident.title}"), opened ${isoOf(incident.startedAt)}.`,
    `Service: ${service.displayName ?? service.name} at ${service.nodePath} (criticality: ${service.criticality ?? 'not declared'}).`,
    `SLA definition: "${definition.name}" (${definition.targetPercent} % per ${definition.period.toLowerCase()}).`,
  ];
  if (incident.description) lines.push(`Last report: ${incident.description}`);
  if (droppedItem !== null)
    lines.push(
      `Catalog item "${droppedItem}" named by the SLA definition is not an INCIDENT item of the catalog; the ticket was raised without it.`,
    );
  lines.push('The ticket is not resolved automatically when the service recovers: a comment records the recovery.');
  return lines.join('\n');
}

/** `1 h 5 min 3 s`: whole seconds, the larger units only when reached. */
export function formatDowntime(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = [d > 0 ? `${d} d` : '', h > 0 ? `${h} h` : '', m > 0 ? `${m} min` : '', s > 0 || total === 0 ? `${s} s` : ''];
  return parts.filter((p) => p !== '').join(' ');
}

export function recoveryNote(incident: SlaIncident): string {
  const ended = incident.endedAt ?? incident.updatedAt;
  return (
    `The service recovered at ${isoOf(ended)}: SLA incident ${incident.id} closed after ${formatDowntime(ended - incident.startedAt)} of downtime ` +
    `(from ${isoOf(incident.startedAt)}). The ticket stays open until someone resolves it.`
  );
}

export function recurrenceNote(incident: SlaIncident): string {
  return `The service is out again since ${isoOf(incident.startedAt)}: SLA incident ${incident.id} ("${incident.title}") is gathered on this ticket, which was still open.`;
}
