/**
 * The fleet aggregate: the in-memory state core (services, the node hierarchy, agents, SLA groups)
 * that ingest, the command layer and queries act on. Core owns it; capabilities receive it.
 */
import type { AgentRegistry } from './agentRegistry.js';
import type { NodeHierarchy } from './nodeHierarchy.js';
import type { ServiceRegistry } from './serviceRegistry.js';
import type { SlaGroupStore } from './slaGroupStore.js';

export interface Fleet {
  readonly services: ServiceRegistry;
  readonly nodes: NodeHierarchy;
  readonly agents: AgentRegistry;
  readonly slaGroups: SlaGroupStore;
}
