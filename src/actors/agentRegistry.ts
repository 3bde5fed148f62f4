/**
 * Agents (operators) known by their `nodeId`: last heartbeat, last status sync, and the queue of
 * commands waiting for them. A command is returned in every heartbeat response until the agent
 * reports its outcome through command-result (at-least-once; agents de-duplicate by command id),
 * so a response lost in transit does not lose the command.
 */
import type { BatchWriter } from '../persistence/batchWriter.js';
import { agentCommandsTable, agentsTable, iso } from '../persistence/tables.js';
import type { AgentHeartbeat, CommandOutcomeReport } from '../domain/agent.js';
import { CommittedMap } from './committedMap.js';

export interface AgentRecord {
  readonly nodeId: string;
  readonly version: string | null;
  readonly operatorVersion: string | null;
  readonly watchedServices: number | null;
  readonly healthyServices: number | null;
  readonly unhealthyServices: number | null;
  readonly lastHeartbeatAt: number | null;
  readonly lastStatusSyncAt: number | null;
  readonly createdAt: number;
}

/**
 * Command kinds an agent understands. `resync`: send a full status sync now instead of waiting for
 * the next 30-second cycle. Later capabilities add kinds here.
 */
export const AGENT_COMMAND_TYPES = ['resync'] as const;
export type AgentCommandType = (typeof AGENT_COMMAND_TYPES)[number];
export type AgentCommandStatus = 'pending' | 'delivered' | 'succeeded' | 'failed';

export interface AgentCommand {
  readonly id: string;
  readonly nodeId: string;
  readonly type: AgentCommandType;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly status: AgentCommandStatus;
  readonly createdAt: number;
  readonly deliveredAt: number | null;
  readonly completedAt: number | null;
  readonly result: Readonly<Record<string, unknown>> | null;
}

export type CommandCompletion = 'recorded' | 'unknown-command' | 'already-completed';

/** An agent is online when its last heartbeat is at most this old (three 30-second cycles). */
export const AGENT_ONLINE_WINDOW_MS = 90_000;

export class AgentRegistry {
  private readonly agents: CommittedMap<AgentRecord>;
  private readonly commands: CommittedMap<AgentCommand>;
  private readonly openByNode = new Map<string, Set<string>>();

  constructor(writer: BatchWriter, private readonly newId: () => string) {
    this.agents = new CommittedMap(writer, agentsTable, (a) => ({
      node_id: a.nodeId,
      version: a.version,
      operator_version: a.operatorVersion,
      watched_services: a.watchedServices,
      healthy_services: a.healthyServices,
      unhealthy_services: a.unhealthyServices,
      last_heartbeat_at: iso(a.lastHeartbeatAt),
      last_status_sync_at: iso(a.lastStatusSyncAt),
      created_at: iso(a.createdAt),
    }));
    this.commands = new CommittedMap(
      writer,
      agentCommandsTable,
      (c) => ({
        id: c.id,
        node_id: c.nodeId,
        type: c.type,
        payload: c.payload,
        status: c.status,
        created_at: iso(c.createdAt),
        delivered_at: iso(c.deliveredAt),
        completed_at: iso(c.completedAt),
        result: c.result,
      }),
      (id, restored, discarded) => {
        if (discarded) this.openByNode.get(discarded.nodeId)?.delete(id);
        if (restored) this.trackOpen(restored);
      },
    );
  }

  loadAgent(agent: AgentRecord): void {
    this.agents.load(agent.nodeId, agent);
  }

  loadCommand(command: AgentCommand): void {
    this.commands.load(command.id, command);
    this.trackOpen(command);
  }

  get(nodeId: string): AgentRecord | undefined {
    return this.agents.get(nodeId);
  }

  list(): AgentRecord[] {
    return [...this.agents.values()].sort((a, b) => a.nodeId.localeCompare(b.nodeId));
  }

  heartbeat(beat: AgentHeartbeat, at: number): AgentRecord {
    const previous = this.agents.get(beat.nodeId);
    const next: AgentRecord = {
      nodeId: beat.nodeId,
      version: beat.version ?? previous?.version ?? null,
      operatorVersion: previous?.operatorVersion ?? null,
      watchedServices: beat.watchedServices,
      healthyServices: beat.healthyServices,
      unhealthyServices: beat.unhealthyServices,
      lastHeartbeatAt: at,
      lastStatusSyncAt: previous?.lastStatusSyncAt ?? null,
      createdAt: previous?.createdAt ?? at,
    };
    this.agents.set(beat.nodeId, next);
    return next;
  }

  statusSynced(nodeId: string, operatorVersion: string | null, at: number): AgentRecord {
    const previous = this.agents.get(nodeId);
    const next: AgentRecord = {
      nodeId,
      version: previous?.version ?? null,
      operatorVersion: operatorVersion ?? previous?.operatorVersion ?? null,
      watchedServices: previous?.watchedServices ?? null,
      healthyServices: previous?.healthyServices ?? null,
      unhealthyServices: previous?.unhealthyServices ?? null,
      lastHeartbeatAt: previous?.lastHeartbeatAt ?? null,
      lastStatusSyncAt: at,
      createdAt: previous?.createdAt ?? at,
    };
    this.agents.set(nodeId, next);
    return next;
  }

  /** Queue a command for the agent at `nodeId`; it goes out with that agent's next heartbeat. */
  enqueue(nodeId: string, type: AgentCommandType, payload: Readonly<Record<string, unknown>>, at: number): AgentCommand {
    const command: AgentCommand = {
      id: this.newId(), nodeId, type, payload, status: 'pending', createdAt: at, deliveredAt: null, completedAt: null, result: null,
    };
    this.commands.set(command.id, command);
    this.trackOpen(command);
    return command;
  }

  /** Commands the agent has not reported on yet, oldest first; marks first deliveries. */
  takeOpenCommands(nodeId: string, at: number): AgentCommand[] {
    const ids = this.openByNode.get(nodeId);
    if (!ids || ids.size === 0) return [];
    const out: AgentCommand[] = [];
    for (const id of ids) {
      let command = this.commands.get(id)!;
      if (command.status === 'pending') {
        command = { ...command, status: 'delivered', deliveredAt: at };
        this.commands.set(id, command);
      }
      out.push(command);
    }
    return out.sort((a, b) => a.createdAt - b.createdAt);
  }

  complete(result: CommandOutcomeReport, at: number): CommandCompletion {
    const command = this.commands.get(result.commandId);
    if (!command || command.nodeId !== result.nodeId) return 'unknown-command';
    if (command.completedAt !== null) return 'already-completed';
    this.commands.set(command.id, {
      ...command,
      status: result.status,
      completedAt: at,
      result: { message: result.message, output: result.output },
    });
    this.openByNode.get(command.nodeId)?.delete(command.id);
    return 'recorded';
  }

  private trackOpen(command: AgentCommand): void {
    if (command.completedAt !== null) return;
    let set = this.openByNode.get(command.nodeId);
    if (!set) {
      set = new Set();
      this.openByNode.set(command.nodeId, set);
    }
    set.add(command.id);
  }
}
