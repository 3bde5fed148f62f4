/**
 * Agents (operators) known by their `nodeId`: last heartbeat, last status sync, and the queue of
 * commands waiting for them. This actor is the single writer of both.
 *
 * A command is returned in every heartbeat response until the agent reports its outcome through
 * command-result (at-least-once; agents de-duplicate by command id), so a response lost in transit
 * does not lose the command. It stops being handed out once it is closed: reported, expired (its
 * deadline passed, see `commandAt`) or cancelled. A result that arrives after the command expired
 * or was cancelled is still recorded: the agent acted, and the outcome is what happened on the node.
 * Every status move is a domain event, emitted when its commit lands.
 *
 * Memory holds open commands and closed ones for FINISHED_COMMAND_MEMORY_MS (`forgetFinished`);
 * older history is read from the database.
 */
import type { AgentHeartbeat, CommandOutcomeReport } from '../domain/agent.js';
import {
  ANSWER_WINDOW_MS,
  commandAt,
  DEFAULT_FETCH_TTL_MS,
  isDue,
  isOpen,
  type AgentCommand,
  type AgentCommandPayloads,
  type AgentCommandType,
} from '../domain/agentCommand.js';
import type { Origin } from '../../platform/events/domainEvents.js';
import { emitOnCommit } from '../../platform/events/emitOnCommit.js';
import type { EventBus } from '../../platform/events/eventBus.js';
import { agentCommandToRow } from '../storage/agentCommandRows.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { agentCommandsTable, agentsTable, iso } from '../storage/tables.js';
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

export type CommandCompletion = 'recorded' | 'unknown-command' | 'already-completed';

export interface EnqueueOptions {
  /** How long the command waits to be fetched. @default DEFAULT_FETCH_TTL_MS */
  readonly fetchTtlMs?: number;
  /** The person who queued it. */
  readonly requestedBy?: string | null;
}

export type CancelOutcome =
  | { readonly outcome: 'cancelled'; readonly command: AgentCommand }
  | { readonly outcome: 'closed'; readonly command: AgentCommand }
  | { readonly outcome: 'unknown-command' };

/** An agent is online when its last heartbeat is at most this old (three 30-second cycles). */
export const AGENT_ONLINE_WINDOW_MS = 90_000;

export class AgentRegistry {
  private readonly agents: CommittedMap<AgentRecord>;
  private readonly commands: CommittedMap<AgentCommand>;
  private readonly openByNode = new Map<string, Set<string>>();
  /** No open command has a deadline before this, so `expireDue` has nothing to do until then (-Infinity: unknown, scan). */
  private earliestDeadline = Infinity;

  constructor(
    private readonly writer: BatchWriter,
    private readonly newId: () => string,
    private readonly bus: EventBus,
  ) {
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
    this.commands = new CommittedMap(writer, agentCommandsTable, agentCommandToRow, (id, restored, discarded) => {
      if (discarded) this.openByNode.get(discarded.nodeId)?.delete(id);
      if (restored) this.index(restored);
      // A restored command may have an earlier deadline than any seen since.
      this.earliestDeadline = -Infinity;
    });
  }

  loadAgent(agent: AgentRecord): void {
    this.agents.load(agent.nodeId, agent);
  }

  loadCommand(command: AgentCommand): void {
    this.commands.load(command.id, command);
    this.index(command);
  }

  /** An agent deleted elsewhere (cluster mode's read model): forgotten here, nothing written. */
  forgetAgent(nodeId: string): void {
    this.agents.evict(nodeId);
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

  // ---- commands ------------------------------------------------------------------------------

  /**
   * Queue a command for the agent at `nodeId`; it goes out with that agent's next heartbeat. The
   * payload is already validated for its kind; who may queue, and how many, is the caller's rule.
   */
  enqueue<T extends AgentCommandType>(
    nodeId: string,
    type: T,
    payload: AgentCommandPayloads[T],
    at: number,
    options: EnqueueOptions = {},
  ): AgentCommand {
    const command = {
      id: this.newId(),
      nodeId,
      type,
      payload,
      status: 'queued',
      createdAt: at,
      deliveredAt: null,
      expiresAt: at + (options.fetchTtlMs ?? DEFAULT_FETCH_TTL_MS),
      completedAt: null,
      result: null,
      requestedBy: options.requestedBy ?? null,
      cancelledBy: null,
    } as AgentCommand;
    this.commands.set(command.id, command);
    this.index(command);
    emitOnCommit(this.writer, this.bus, { type: 'agent.command_queued', command, at, origin: 'api' });
    return command;
  }

  getCommand(id: string): AgentCommand | undefined {
    return this.commands.get(id);
  }

  /** Queued and delivered commands of a node still inside their deadline at `now` (what counts against the per-node limit). */
  openCount(nodeId: string, now: number): number {
    let count = 0;
    for (const id of this.openByNode.get(nodeId) ?? []) if (!isDue(this.commands.get(id)!, now)) count += 1;
    return count;
  }

  /**
   * Commands the agent has not reported on yet, oldest first: first deliveries become delivered
   * (and get their answer deadline); commands past their deadline expire instead of going out.
   */
  takeOpenCommands(nodeId: string, at: number): AgentCommand[] {
    const ids = this.openByNode.get(nodeId);
    if (!ids || ids.size === 0) return [];
    const out: AgentCommand[] = [];
    for (const id of [...ids]) {
      let command = this.commands.get(id)!;
      if (isDue(command, at)) {
        this.expire(command, at);
        continue;
      }
      if (command.status === 'queued') {
        command = this.move(command, { ...command, status: 'delivered', deliveredAt: at, expiresAt: at + ANSWER_WINDOW_MS }, 'agent', at);
      }
      out.push(command);
    }
    return out.sort((a, b) => a.createdAt - b.createdAt);
  }

  complete(report: CommandOutcomeReport, at: number): CommandCompletion {
    const command = this.commands.get(report.commandId);
    if (!command || command.nodeId !== report.nodeId) return 'unknown-command';
    if (command.result !== null) return 'already-completed';
    this.move(
      command,
      { ...command, status: report.status, completedAt: at, result: { message: report.message, output: report.output } },
      'agent',
      at,
    );
    return 'recorded';
  }

  /** A person calls a command off: it is no longer handed out. Closed commands stay as they are. */
  cancel(id: string, by: string | null, at: number): CancelOutcome {
    const command = this.commands.get(id);
    if (!command) return { outcome: 'unknown-command' };
    if (isDue(command, at)) return { outcome: 'closed', command: this.expire(command, at) };
    if (!isOpen(command.status)) return { outcome: 'closed', command };
    const cancelled = this.move(command, { ...command, status: 'cancelled', completedAt: at, cancelledBy: by }, 'api', at);
    return { outcome: 'cancelled', command: cancelled };
  }

  /** Whether some open command has reached its deadline at `now` (cheap; the sweep asks first). */
  hasDue(now: number): boolean {
    return now >= this.earliestDeadline;
  }

  /**
   * Expire every open command whose deadline has passed at `now`; returns them as expired. `owns` (cluster mode,
   * docs/adr/0071): only the commands of agents whose shard this instance owns; the others stay for their owner.
   */
  expireDue(now: number, owns?: (nodeId: string) => boolean): AgentCommand[] {
    if (!this.hasDue(now)) return [];
    const expired: AgentCommand[] = [];
    let earliest = Infinity;
    for (const [nodeId, ids] of this.openByNode) {
      const here = owns === undefined || owns(nodeId);
      for (const id of [...ids]) {
        const command = this.commands.get(id)!;
        if (here && isDue(command, now)) expired.push(this.expire(command, now));
        else earliest = Math.min(earliest, command.expiresAt);
      }
    }
    this.earliestDeadline = earliest;
    return expired;
  }

  /** Drop closed commands that closed before `before` from memory (their rows stay); returns how many. */
  forgetFinished(before: number): number {
    let forgotten = 0;
    for (const command of [...this.commands.values()]) {
      if (!isOpen(command.status) && command.completedAt !== null && command.completedAt < before && this.commands.evict(command.id))
        forgotten += 1;
    }
    return forgotten;
  }

  private expire(command: AgentCommand, now: number): AgentCommand {
    const expired = commandAt(command, now);
    return this.move(command, expired, 'timer', expired.completedAt!);
  }

  /** Stage the command's new state and announce the move on commit. */
  private move(before: AgentCommand, after: AgentCommand, origin: Origin, at: number): AgentCommand {
    this.commands.set(after.id, after);
    this.index(after);
    emitOnCommit(this.writer, this.bus, { type: 'agent.command_updated', command: after, previousStatus: before.status, at, origin });
    return after;
  }

  /** Keep the per-node set of open commands and the earliest deadline in step with a command's status. */
  private index(command: AgentCommand): void {
    let set = this.openByNode.get(command.nodeId);
    if (!isOpen(command.status)) {
      set?.delete(command.id);
      if (set?.size === 0) this.openByNode.delete(command.nodeId);
      return;
    }
    if (!set) {
      set = new Set();
      this.openByNode.set(command.nodeId, set);
    }
    set.add(command.id);
    this.earliestDeadline = Math.min(this.earliestDeadline, command.expiresAt);
  }
}
