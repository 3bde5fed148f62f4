/**
 * What people set on an SLA group that agents declare: its target overrides. Kept in a table of the
 * plugin, apart from core's `sla_groups` row, so an agent's 30-second sync, which redeclares the
 * group's `targets`, never overwrites a person's override.
 */
import { CommittedMap } from '../../../core/fleet/committedMap.js';
import type { Fleet } from '../../../core/fleet/fleet.js';
import type { Viewer } from '../../../core/auth/roles.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import { epoch, iso, jsonColumn } from '../../../core/storage/tables.js';
import { targetPercent } from '../definitions/slaDefinition.js';
import type { SlaEventLog } from '../eventLog/slaEventLog.js';
import { slaGroupSettingsTable } from '../slaTables.js';
import type { GroupTargets } from './groupMembers.js';

export interface GroupSettings {
  readonly groupName: string;
  readonly targetOverrides: GroupTargets | null;
  readonly updatedAt: number;
}

export function rowToGroupSettings(row: Record<string, unknown>): GroupSettings {
  return {
    groupName: String(row['group_name']),
    targetOverrides: jsonColumn<GroupTargets | null>(row['target_overrides'], null),
    updatedAt: epoch(row['updated_at'])!,
  };
}

export interface GroupSettingsDeps {
  readonly writer: BatchWriter;
  readonly clock: Pick<Clock, 'now'>;
  readonly fleet: Pick<Fleet, 'slaGroups'>;
  readonly log: SlaEventLog;
}

export class GroupSettingsStore {
  private readonly settings: CommittedMap<GroupSettings>;

  constructor(private readonly deps: GroupSettingsDeps) {
    this.settings = new CommittedMap(deps.writer, slaGroupSettingsTable, (s) => ({
      group_name: s.groupName,
      target_overrides: s.targetOverrides,
      updated_at: iso(s.updatedAt),
    }));
  }

  load(settings: GroupSettings): void {
    this.settings.load(settings.groupName, settings);
  }

  /** Settings another instance committed (cluster mode, docs/adr/0068; undefined: deleted): nothing is written. */
  adopt(groupName: string, settings: GroupSettings | undefined): void {
    this.settings.adopt(groupName, settings);
  }

  overridesOf(groupName: string): GroupTargets | null {
    return this.settings.get(groupName)?.targetOverrides ?? null;
  }

  /** Sets (a number) or clears (null) the group's uptime override; the group must have been declared. */
  setUptimeOverride(viewer: Viewer, groupName: string, uptime: number | null): Promise<void> {
    const value = uptime === null ? null : targetPercent(uptime, 'uptime');
    return commitChange(this.deps, (at) => {
      if (!this.deps.fleet.slaGroups.get(groupName)) {
        throw new AppError(
          ErrorCode.NotFound,
          `no SLA group named "${groupName}" has been declared; groups are declared by status syncs (slaGroups)`,
        );
      }
      const previous = this.overridesOf(groupName);
      if ((previous?.uptime ?? null) === value) return;
      this.settings.set(groupName, { groupName, targetOverrides: value === null ? null : { uptime: value }, updatedAt: at });
      this.deps.log.record({
        kind: 'GROUP_TARGET_OVERRIDE_SET',
        at,
        origin: 'api',
        actorId: viewer.userId,
        subjects: { groupName },
        data: { group: groupName, previous, targetOverrides: value === null ? null : { uptime: value } },
      });
    });
  }
}
