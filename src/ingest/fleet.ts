/** The in-memory state core the machine endpoints act on, handed to each ingest function. */
import type { AgentRegistry } from '../actors/agentRegistry.js';
import type { NodeHierarchy } from '../actors/nodeHierarchy.js';
import type { ServiceRegistry } from '../actors/serviceRegistry.js';
import type { SlaGroupStore } from '../actors/slaGroupStore.js';

export interface Fleet {
  readonly services: ServiceRegistry;
  readonly nodes: NodeHierarchy;
  readonly agents: AgentRegistry;
  readonly slaGroups: SlaGroupStore;
}
