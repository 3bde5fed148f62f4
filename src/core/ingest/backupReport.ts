/**
 * Backup outcome push in one of three modes (SPEC.md): one service (created under its node, or
 * under `unknown`, when not yet known), every member of an SLA group that expects backups, or
 * every service of a namespace.
 */
import type { ServiceRecord } from '../domain/service.js';
import type { BackupReportBody } from '../protocol/machineBodies.js';
import type { Fleet } from '../fleet/fleet.js';

export interface BackupOutcome {
  readonly success: boolean;
  readonly message: string;
  readonly services: readonly ServiceRecord[];
}

export function ingestBackupReport(fleet: Fleet, body: BackupReportBody, at: number): BackupOutcome {
  const { target } = body;
  let targets: ServiceRecord[];
  let described: string;
  switch (target.mode) {
    case 'service': {
      const existing = fleet.services.find(target.nodePath, target.service);
      targets = [
        existing ?? fleet.services.create({ nodePath: target.nodePath, name: target.service, backup: { ...NEW_BACKUP } }, at, 'agent'),
      ];
      described = `service ${target.nodePath}/${target.service}`;
      break;
    }
    case 'slaGroup': {
      const members = fleet.services.inSlaGroup(target.slaGroup);
      if (members.length === 0 && !fleet.slaGroups.get(target.slaGroup)) {
        return { success: false, message: `no SLA group named "${target.slaGroup}" is known; nothing recorded`, services: [] };
      }
      targets = members.filter((s) => s.backup.expected);
      described = `SLA group ${target.slaGroup} (${targets.length} of ${members.length} members expect backups)`;
      break;
    }
    case 'namespace': {
      targets = fleet.services.inNamespace(target.namespace);
      if (targets.length === 0)
        return { success: false, message: `no service is known in namespace "${target.namespace}"; nothing recorded`, services: [] };
      described = `namespace ${target.namespace}`;
      break;
    }
  }
  const report = { status: body.status, sizeBytes: body.sizeBytes, message: body.message, mode: target.mode };
  const updated = targets.map((s) => fleet.services.send(s.id, { type: 'BACKUP_REPORTED', report, at, origin: 'agent' }));
  return { success: true, message: `backup ${body.status} recorded for ${described}`, services: updated };
}

/** A service first seen through a backup report evidently expects backups. */
const NEW_BACKUP = {
  expected: true,
  maxAgeDays: null,
  lastAt: null,
  lastStatus: null,
  lastSizeBytes: null,
  lastMessage: null,
  lastTakenAt: null,
};
