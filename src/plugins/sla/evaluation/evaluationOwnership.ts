/**
 * Cluster mode's share of the live SLA evaluation (docs/adr/0071): every instance holds every service's recent
 * history and evaluates every definition (so the statuses are the same everywhere), but a move's alerts, events
 * and burn states are staged by the owner of the service's shard only (a definition's pooled status: the owner of
 * the definition id's shard). The evaluation of a shard moves with the shard: the instance that takes it reads the
 * shard's active alerts and burn states as its previous owner committed them before it evaluates again.
 */
import type { Knex } from 'knex';
import type { ServiceRegistry } from '../../../core/fleet/serviceRegistry.js';
import { ownsKey, type ShardRouting } from '../../../platform/persistence/shardRouting.js';
import { readActiveAlerts } from '../alerts/alertRows.js';
import type { AlertStore } from '../alerts/alertStore.js';
import type { BurnAlertStates } from './burnAlertStates.js';
import type { SlaEvaluatorDeps } from './slaEvaluator.js';

export function evaluationOwnership(
  routing: ShardRouting,
  knex: Knex,
  alerts: AlertStore,
  burnStates: BurnAlertStates,
  services: Pick<ServiceRegistry, 'shardKeyOf'>,
): Pick<SlaEvaluatorDeps, 'owns' | 'reloadTaken'> {
  const keyOf = (serviceId: string | null, definitionId: string) =>
    serviceId === null ? definitionId : (services.shardKeyOf(serviceId) ?? serviceId);
  // Shards taken since the last reload (the evaluator reads them again before its next evaluation).
  const taken = new Set<number>();
  routing.onTaken((shard) => taken.add(shard));
  return {
    owns: (serviceId, definitionId) => ownsKey(routing, keyOf(serviceId, definitionId)),
    async reloadTaken() {
      const shards = new Set(taken);
      taken.clear();
      const inTaken = (serviceId: string | null, definitionId: string) => shards.has(routing.shardOf(keyOf(serviceId, definitionId)));
      alerts.reloadActive(
        await readActiveAlerts(knex),
        (alert) => (alert.serviceId ?? alert.definitionId) !== null && inTaken(alert.serviceId, alert.definitionId ?? ''),
      );
      await burnStates.load(knex, (serviceId) => shards.has(routing.shardOf(keyOf(serviceId, ''))));
    },
  };
}
