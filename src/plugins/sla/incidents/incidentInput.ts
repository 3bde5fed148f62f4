/** `createSLAIncident` and `updateSLAIncident` inputs, validated once into typed requests (times arrive as epoch ms). */
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import { incidentText, incidentTitle, type IncidentSeverity } from './incidentRules.js';

export interface CreateSlaIncidentInput {
  readonly serviceId: string;
  readonly title: string;
  readonly description?: string | null;
  readonly severity?: IncidentSeverity | null;
  readonly startedAt?: number | null;
  readonly endedAt?: number | null;
  readonly resolution?: string | null;
  readonly definitionIds?: readonly string[] | null;
}

export interface NewIncidentRequest {
  readonly serviceId: string;
  readonly title: string;
  readonly description: string | null;
  readonly severity: IncidentSeverity;
  /** Null: now. */
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  readonly resolution: string | null;
  /** Null: the definitions covering the service now. */
  readonly definitionIds: readonly string[] | null;
}

export const MAX_INCIDENT_DEFINITIONS = 100;

export function readCreateIncident(input: CreateSlaIncidentInput): NewIncidentRequest {
  if (input.definitionIds != null && input.definitionIds.length > MAX_INCIDENT_DEFINITIONS) {
    throw new AppError(ErrorCode.BadRequest, `definitionIds takes at most ${MAX_INCIDENT_DEFINITIONS} ids`);
  }
  return {
    serviceId: input.serviceId.toLowerCase(),
    title: incidentTitle(input.title),
    description: incidentText(input.description, 'description'),
    severity: input.severity ?? 'MAJOR',
    startedAt: input.startedAt ?? null,
    endedAt: input.endedAt ?? null,
    resolution: incidentText(input.resolution, 'resolution'),
    definitionIds: input.definitionIds ?? null,
  };
}

export interface UpdateSlaIncidentInput {
  readonly title?: string | null;
  readonly description?: string | null;
  readonly severity?: IncidentSeverity | null;
  readonly startedAt?: number | null;
  readonly endedAt?: number | null;
  readonly resolution?: string | null;
}

/**
 * What to change: absent or null leaves a field as it is, except `description` and `resolution`,
 * which an empty string clears. `endedAt` closes an open incident; a closed one is not reopened.
 */
export interface IncidentChanges {
  readonly title?: string;
  readonly description?: string | null;
  readonly severity?: IncidentSeverity;
  readonly startedAt?: number;
  readonly endedAt?: number;
  readonly resolution?: string | null;
}

export function readUpdateIncident(input: UpdateSlaIncidentInput): IncidentChanges {
  const changes: { -readonly [K in keyof IncidentChanges]: IncidentChanges[K] } = {};
  if (input.title != null) changes.title = incidentTitle(input.title);
  if (input.description != null) changes.description = incidentText(input.description, 'description');
  if (input.severity != null) changes.severity = input.severity;
  if (input.startedAt != null) changes.startedAt = input.startedAt;
  if (input.endedAt != null) changes.endedAt = input.endedAt;
  if (input.resolution != null) changes.resolution = incidentText(input.resolution, 'resolution');
  return changes;
}
