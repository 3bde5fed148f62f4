/**
 * The open burn-rate alerts' hysteresis state (burnRate.ts `BurnAlertState`), per (definition,
 * service, severity), kept equal to `sla_burn_alert_states` (CommittedMap: staged with the alert it
 * belongs to, reverted with a failed commit). Only open states are held: a closed state carries
 * nothing the next evaluation needs, so resolving deletes the row.
 */
import type { Knex } from 'knex';
import { CommittedMap } from '../../../core/fleet/committedMap.js';
import type { SharedRows } from '../../../platform/modules/sharedState.js';
import type { BatchWriter, TableSpec } from '../../../platform/persistence/batchWriter.js';
import { cols } from '../../../core/storage/tables.js';
import { CLOSED_BURN_ALERT, type BurnAlertState, type BurnSeverity } from '../arithmetic/burnRate.js';

export const slaBurnAlertStatesTable: TableSpec = {
  name: 'sla_burn_alert_states',
  key: ['definition_id', 'service_id', 'severity'],
  order: 690,
  mode: 'upsert',
  columns: cols({ definition_id: 'uuid', service_id: 'uuid', severity: 'text', last_firing_at: 'timestamptz' }),
};

interface StoredState {
  readonly definitionId: string;
  readonly serviceId: string;
  readonly severity: BurnSeverity;
  readonly lastFiringAt: number;
}

function rowToState(row: Record<string, unknown>): StoredState {
  return {
    definitionId: String(row['definition_id']),
    serviceId: String(row['service_id']),
    severity: row['severity'] as BurnSeverity,
    lastFiringAt: new Date(row['last_firing_at'] as string | Date).getTime(),
  };
}

const keyOf = (definitionId: string, serviceId: string, severity: BurnSeverity) => `${definitionId}|${serviceId}|${severity}`;

export class BurnAlertStates {
  private readonly states: CommittedMap<StoredState>;

  constructor(writer: BatchWriter) {
    this.states = new CommittedMap(writer, slaBurnAlertStatesTable, (s) => ({
      definition_id: s.definitionId,
      service_id: s.serviceId,
      severity: s.severity,
      last_firing_at: new Date(s.lastFiringAt).toISOString(),
    }));
  }

  async load(knex: Knex, taken?: (serviceId: string) => boolean): Promise<void> {
    // Cluster mode (docs/adr/0071): a shard taken over reads its services' states again, as their previous owner left them.
    if (taken)
      for (const s of [...this.states.values()]) if (taken(s.serviceId)) this.states.evict(keyOf(s.definitionId, s.serviceId, s.severity));
    const rows = await knex('sla_burn_alert_states').select('definition_id', 'service_id', 'severity', 'last_firing_at');
    for (const row of rows as Array<Record<string, unknown>>) {
      const state = rowToState(row);
      if (taken && !taken(state.serviceId)) continue;
      this.states.load(keyOf(state.definitionId, state.serviceId, state.severity), state);
    }
  }

  /**
   * Cluster mode (docs/adr/0068): the states the owners of other shards commit reach this memory, so the instance
   * that takes a shard over continues its burn-rate alerts' hysteresis instead of raising them again.
   */
  sharedRows(): SharedRows {
    return {
      table: slaBurnAlertStatesTable.name,
      apply: (row) => {
        const state = rowToState(row);
        this.states.adopt(keyOf(state.definitionId, state.serviceId, state.severity), state);
      },
      remove: (key) =>
        void this.states.adopt(keyOf(String(key['definition_id']), String(key['service_id']), key['severity'] as BurnSeverity), undefined),
    };
  }

  get(definitionId: string, serviceId: string, severity: BurnSeverity): BurnAlertState {
    const stored = this.states.get(keyOf(definitionId, serviceId, severity));
    return stored ? { open: true, lastFiringAt: stored.lastFiringAt } : CLOSED_BURN_ALERT;
  }

  /** Staged: holds `state` (an open one; a closed one deletes the row). Writes only what changed. */
  put(definitionId: string, serviceId: string, severity: BurnSeverity, state: BurnAlertState): void {
    const key = keyOf(definitionId, serviceId, severity);
    const held = this.states.get(key);
    if (!state.open) {
      if (held) this.states.delete(key);
      return;
    }
    if (held?.lastFiringAt === state.lastFiringAt) return;
    this.states.set(key, { definitionId, serviceId, severity, lastFiringAt: state.lastFiringAt });
  }

  /** Staged: deletes the states of `definitionId` whose service `keep` rejects (no longer covered). */
  dropUncovered(definitionId: string, keep: (serviceId: string) => boolean): void {
    for (const s of [...this.states.values()])
      if (s.definitionId === definitionId && !keep(s.serviceId)) this.states.delete(keyOf(s.definitionId, s.serviceId, s.severity));
  }

  /** In memory only: a deleted definition's rows went with it (on delete cascade). */
  forgetDefinition(definitionId: string): void {
    for (const s of [...this.states.values()])
      if (s.definitionId === definitionId) this.states.evict(keyOf(s.definitionId, s.serviceId, s.severity));
  }

  /** The services with an open burn-rate alert under `definitionId` (one pass; few are open at any time). */
  burningUnder(definitionId: string): Set<string> {
    const ids = new Set<string>();
    for (const s of this.states.values()) if (s.definitionId === definitionId) ids.add(s.serviceId);
    return ids;
  }
}
