/** Registration: create the service, or update the declarations it carries. */
import type { ServiceRecord } from '../domain/service.js';
import type { Registration } from '../protocol/machineBodies.js';
import type { RegistrationChanges } from '../services/serviceChanges.js';
import type { Fleet } from '../fleet/fleet.js';

export function ingestRegistration(fleet: Fleet, reg: Registration, at: number): { service: ServiceRecord; created: boolean } {
  const existing = fleet.services.find(reg.nodePath, reg.name);
  if (!existing) {
    const service = fleet.services.create(
      {
        nodePath: reg.nodePath,
        name: reg.name,
        displayName: reg.displayName,
        criticality: reg.criticality,
        serviceType: reg.serviceType,
        namespace: reg.namespace,
        slaGroup: reg.slaGroup,
        tags: reg.tags ?? [],
        metadata: reg.metadata ?? {},
        backup: {
          expected: reg.backupExpected ?? false,
          maxAgeDays: reg.backupMaxAgeDays,
          lastAt: null,
          lastStatus: null,
          lastSizeBytes: null,
          lastMessage: null,
          lastTakenAt: null,
        },
      },
      at,
      'agent',
    );
    return { service, created: true };
  }
  const changes: { -readonly [K in keyof RegistrationChanges]: RegistrationChanges[K] } = {};
  if (reg.displayName !== null) changes.displayName = reg.displayName;
  if (reg.criticality !== null) changes.criticality = reg.criticality;
  if (reg.serviceType !== null) changes.serviceType = reg.serviceType;
  if (reg.namespace !== null) changes.namespace = reg.namespace;
  if (reg.slaGroup !== null) changes.slaGroup = reg.slaGroup;
  if (reg.tags !== null) changes.tags = reg.tags;
  if (reg.metadata !== null) changes.metadata = reg.metadata;
  if (reg.backupExpected !== null) changes.backupExpected = reg.backupExpected;
  if (reg.backupMaxAgeDays !== null) changes.backupMaxAgeDays = reg.backupMaxAgeDays;
  const service = fleet.services.send(existing.id, { type: 'REGISTERED', changes, at, origin: 'agent' });
  return { service, created: false };
}
