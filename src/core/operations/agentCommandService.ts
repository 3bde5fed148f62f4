/**
 * Commands people give agents (GraphQL), and the expiry sweep. The agent's side is the machine
 * API: the heartbeat hands commands out, command-result closes them (src/core/rest/machineRoutes.ts).
 *
 * Rules that look at more than one command live here: a command is queued only for an agent that
 * has reported (a heartbeat or status sync made it known), and a node has at most
 * MAX_OPEN_COMMANDS_PER_NODE open commands. Changes go through the agent actor and are
 * acknowledged after their commit. Reads show each command as it stands now (`commandAt`), so a
 * command past its deadline reads as expired before the sweep has recorded it.
 */
import { ownsKey } from '../../platform/persistence/shardRouting.js';
import type { Knex } from 'knex';
import type { AgentRegistry } from '../fleet/agentRegistry.js';
import type { Viewer } from '../auth/roles.js';
import type { Clock } from '../../platform/scheduler/index.js';
import { commandAt, FINISHED_COMMAND_MEMORY_MS, MAX_OPEN_COMMANDS_PER_NODE, type AgentCommand } from '../domain/agentCommand.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { Page } from '../../platform/graphql/pagination.js';
import type { Logger } from '../../platform/log/logger.js';
import { commitChange } from '../commands/commitBoundary.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { countAgentCommands, isCommandId, readAgentCommand, readAgentCommands, type AgentCommandFilter } from './agentCommandHistory.js';
import type { QueueAgentCommandRequest } from './agentCommandInput.js';
import { AGENT_COMMAND_STATUS_NAMES } from './agentCommandNames.js';

/** How often the composition root runs `sweep` (expiry is also checked wherever commands are read or handed out). */
export const AGENT_COMMAND_SWEEP_INTERVAL_MS = 10_000;

export interface AgentCommandServiceDeps {
  readonly agents: AgentRegistry;
  readonly writer: BatchWriter;
  readonly knex: Knex;
  readonly clock: Clock;
  readonly logger: Logger;
}

export class AgentCommandService {
  constructor(private readonly deps: AgentCommandServiceDeps) {}

  async queue(viewer: Viewer, request: QueueAgentCommandRequest): Promise<AgentCommand> {
    const { agents, clock } = this.deps;
    return commitChange(this.deps, () => {
      const at = clock.now();
      if (!agents.get(request.nodeId)) {
        throw new AppError(
          ErrorCode.NotFound,
          `no agent has reported for node ${request.nodeId}; commands are queued for agents the server knows (from a heartbeat or status sync)`,
        );
      }
      if (agents.openCount(request.nodeId, at) >= MAX_OPEN_COMMANDS_PER_NODE) {
        throw new AppError(
          ErrorCode.LimitExceeded,
          `node ${request.nodeId} already has ${MAX_OPEN_COMMANDS_PER_NODE} open commands; wait for the agent to report, cancel some, or let them expire`,
        );
      }
      const { type, payload } = request.command;
      return agents.enqueue(request.nodeId, type, payload, at, { fetchTtlMs: request.fetchTtlMs, requestedBy: viewer.userId });
    });
  }

  /** Cancel an open command; cancelling a cancelled one answers it again, any other closed one is a CONFLICT. */
  async cancel(viewer: Viewer, id: string): Promise<AgentCommand> {
    const { agents, clock } = this.deps;
    const key = id.toLowerCase();
    if (!isCommandId(key)) throw unknownCommand(id);
    const outcome = await commitChange(this.deps, () => agents.cancel(key, viewer.userId, clock.now()));
    if (outcome.outcome === 'cancelled') return outcome.command;
    // Closed, or closed so long ago that only the database still has it.
    const closed = outcome.outcome === 'closed' ? outcome.command : await readAgentCommand(this.deps.knex, key);
    if (closed === null) throw unknownCommand(id);
    if (closed.status === 'cancelled') return closed;
    throw new AppError(
      ErrorCode.Conflict,
      `command ${id} is already ${AGENT_COMMAND_STATUS_NAMES[closed.status]}; only QUEUED or DELIVERED commands can be cancelled`,
    );
  }

  async get(id: string): Promise<AgentCommand | null> {
    const key = id.toLowerCase();
    if (!isCommandId(key)) return null;
    await this.deps.writer.settled();
    const now = this.deps.clock.now();
    const command = this.deps.agents.getCommand(key) ?? (await readAgentCommand(this.deps.knex, key));
    return command === null ? null : commandAt(command, now);
  }

  async list(filter: AgentCommandFilter, page: Page): Promise<AgentCommand[]> {
    await this.deps.writer.settled();
    return readAgentCommands(this.deps.knex, filter, page, this.deps.clock.now());
  }

  async count(filter: AgentCommandFilter): Promise<number> {
    await this.deps.writer.settled();
    return countAgentCommands(this.deps.knex, filter, this.deps.clock.now());
  }

  /**
   * Record the expiry of every command past its deadline (one commit, its events on commit) and
   * forget closed commands older than FINISHED_COMMAND_MEMORY_MS. Never rejects: a failed commit
   * leaves the commands open in memory and the next sweep tries again.
   */
  async sweep(): Promise<{ expired: number; forgotten: number }> {
    const { agents, writer, clock, logger } = this.deps;
    const now = clock.now();
    const forgotten = agents.forgetFinished(now - FINISHED_COMMAND_MEMORY_MS);
    if (!agents.hasDue(now) || writer.overloaded) return { expired: 0, forgotten };
    try {
      const { routing } = writer;
      // Cluster mode (docs/adr/0071): the owner of an agent's shard expires its commands; a commit with another's is refused.
      const owns = routing && ((nodeId: string) => ownsKey(routing, nodeId));
      const expired = await commitChange(this.deps, () => agents.expireDue(now, owns));
      if (expired.length > 0) logger.info('agent commands expired', { count: expired.length });
      return { expired: expired.length, forgotten };
    } catch (error) {
      logger.warn('recording expired agent commands failed; the next sweep tries again', { error });
      return { expired: 0, forgotten };
    }
  }
}

function unknownCommand(id: string): AppError {
  return new AppError(ErrorCode.NotFound, `no agent command with id ${id}`);
}
