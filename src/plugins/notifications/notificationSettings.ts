/**
 * Which kinds of notification each person gets (SPEC.md `notificationSettings`,
 * `updateNotificationSettings`): every kind is on until the person switches it off. Modules
 * register the kinds they send (core: service.down/degraded/up; the ticketing plugin its ticket
 * kinds), so a setting names a known kind. Choices are held in memory (a CommittedMap, hydrated at
 * start): the notification center asks `wants` while a notice is staged, synchronously.
 */
import { CommittedMap } from '../../core/fleet/committedMap.js';
import type { Clock } from '../../platform/scheduler/index.js';
import { commitChange } from '../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { BatchWriter, Row, TableSpec } from '../../platform/persistence/batchWriter.js';
import { cols, epoch, iso } from '../../core/storage/tables.js';
import type { Knex } from 'knex';
import type { SharedRows } from '../../platform/modules/sharedState.js';

const choiceOf = (row: Row): Choice => ({
  userId: String(row['user_id']),
  type: String(row['type']),
  enabled: Boolean(row['enabled']),
  updatedAt: epoch(row['updated_at'])!,
});

export const notificationSettingsTable: TableSpec = {
  name: 'notification_settings',
  key: ['user_id', 'type'],
  order: 320,
  mode: 'upsert',
  columns: cols({ user_id: 'uuid', type: 'text', enabled: 'boolean', updated_at: 'timestamptz' }),
};

export interface NotificationKind {
  /** The notification's `type`, e.g. `service.down`, `ticket.commented`. */
  readonly type: string;
  readonly description: string;
}

export interface NotificationSetting extends NotificationKind {
  readonly enabled: boolean;
}

interface Choice {
  readonly userId: string;
  readonly type: string;
  readonly enabled: boolean;
  readonly updatedAt: number;
}

export interface SettingChange {
  readonly type: unknown;
  readonly enabled: unknown;
}

/** More changes than kinds exist is a mistake; this bounds the work of one call. */
export const MAX_CHANGES = 200;

const choiceRow = (c: Choice): Row => ({ user_id: c.userId, type: c.type, enabled: c.enabled, updated_at: iso(c.updatedAt) });
const keyOf = (userId: string, type: string) => `${userId}|${type}`;

export interface NotificationSettingsDeps {
  readonly knex: Knex;
  readonly writer: BatchWriter;
  readonly clock: Clock;
}

export class NotificationSettings {
  private readonly kinds = new Map<string, NotificationKind>();
  private readonly choices: CommittedMap<Choice>;

  constructor(private readonly deps: NotificationSettingsDeps) {
    this.choices = new CommittedMap(deps.writer, notificationSettingsTable, choiceRow);
  }

  /** A module declares a kind it sends (at create); registering a kind twice is a programming error. */
  registerKind(kind: NotificationKind): void {
    if (this.kinds.has(kind.type)) throw new Error(`notification kind ${kind.type} is registered twice`);
    this.kinds.set(kind.type, kind);
  }

  async hydrate(): Promise<void> {
    for (const row of await this.deps.knex('notification_settings').select('*')) {
      const choice = choiceOf(row);
      this.choices.load(keyOf(choice.userId, choice.type), choice);
    }
  }

  /** Cluster mode (docs/adr/0068): choices made through another instance. Nothing is written. */
  shared(): SharedRows {
    return {
      table: notificationSettingsTable.name,
      apply: (row) => {
        const choice = choiceOf(row);
        this.choices.adopt(keyOf(choice.userId, choice.type), choice);
      },
      remove: (key) => void this.choices.adopt(keyOf(String(key['user_id']), String(key['type'])), undefined),
    };
  }

  /** Whether this person gets notifications of `type` (on unless they switched it off). */
  wants(userId: string, type: string): boolean {
    return this.choices.get(keyOf(userId, type))?.enabled ?? true;
  }

  /** Every known kind, in registration order, with this person's choice. */
  of(userId: string): NotificationSetting[] {
    return [...this.kinds.values()].map((kind) => ({ ...kind, enabled: this.wants(userId, kind.type) }));
  }

  /** Applies a person's choices all together (a bad one refuses them all), answered once committed. */
  update(userId: string, changes: readonly SettingChange[]): Promise<NotificationSetting[]> {
    const parsed = this.parse(changes);
    return commitChange(this.deps, (at) => {
      for (const { type, enabled } of parsed) {
        const current = this.choices.get(keyOf(userId, type));
        // Nothing to write: the same choice, or switching on what was never switched off.
        if (current?.enabled === enabled || (current === undefined && enabled)) continue;
        this.choices.set(keyOf(userId, type), { userId, type, enabled, updatedAt: at });
      }
      return this.of(userId);
    });
  }

  /** Stages the delete of a person's choices (in the batch of their deletion). */
  forgetPerson(userId: string): void {
    for (const choice of [...this.choices.values()]) if (choice.userId === userId) this.choices.delete(keyOf(userId, choice.type));
  }

  private parse(changes: readonly SettingChange[]): { type: string; enabled: boolean }[] {
    if (changes.length > MAX_CHANGES)
      throw new AppError(ErrorCode.BadRequest, `settings: at most ${MAX_CHANGES} at once, got ${changes.length}`);
    const seen = new Set<string>();
    return changes.map(({ type, enabled }, index) => {
      if (typeof type !== 'string' || !this.kinds.has(type)) {
        throw new AppError(
          ErrorCode.BadRequest,
          `settings[${index}].type: unknown notification type ${JSON.stringify(String(type).slice(0, 64))}; known: ${[...this.kinds.keys()].join(', ')}`,
        );
      }
      if (typeof enabled !== 'boolean') throw new AppError(ErrorCode.BadRequest, `settings[${index}].enabled must be true or false`);
      if (seen.has(type)) throw new AppError(ErrorCode.BadRequest, `settings[${index}].type: ${type} is given twice`);
      seen.add(type);
      return { type, enabled };
    });
  }
}
