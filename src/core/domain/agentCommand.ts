/**
 * Commands for agents: what an operator can ask an agent to do, the typed payload of each kind, and
 * the rules of a command's life (queued -> delivered -> succeeded | failed; queued or delivered ->
 * expired | cancelled). Pure values and functions: the agent actor applies them, reads present
 * them, and both use the same `commandAt` so a command shows the same status however it is read.
 */

/**
 * Kinds an agent understands, as the agent sees them in a heartbeat (`type`):
 * - `resync`: send a full status sync now instead of waiting for the next 30-second cycle.
 * - `restart_workload`: restart one workload (a rolling restart), named by `{namespace, kind, name}`.
 * - `refresh_config`: reload the agent's own configuration (watched services, settings) now.
 */
export const AGENT_COMMAND_TYPES = ['resync', 'restart_workload', 'refresh_config'] as const;
export type AgentCommandType = (typeof AGENT_COMMAND_TYPES)[number];

/** Workload kinds a restart names, spelled as Kubernetes spells them (the agent passes them on). */
export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet', 'DaemonSet'] as const;
export type WorkloadKind = (typeof WORKLOAD_KINDS)[number];

export interface WorkloadRef {
  readonly namespace: string;
  readonly kind: WorkloadKind;
  readonly name: string;
}

/** A kind without arguments has an empty payload. */
export type NoPayload = Readonly<Record<string, never>>;

/** The payload the agent receives with each kind. */
export interface AgentCommandPayloads {
  readonly resync: NoPayload;
  readonly restart_workload: WorkloadRef;
  readonly refresh_config: NoPayload;
}

/** A kind with its payload: the typed value an edge validates a request into. */
export type AgentCommandSpec = {
  [T in AgentCommandType]: { readonly type: T; readonly payload: AgentCommandPayloads[T] };
}[AgentCommandType];

export const AGENT_COMMAND_STATUSES = ['queued', 'delivered', 'succeeded', 'failed', 'expired', 'cancelled'] as const;
export type AgentCommandStatus = (typeof AGENT_COMMAND_STATUSES)[number];

/** Statuses in which the command is still waiting for the agent: handed out, counted against the limit, can expire. */
export function isOpen(status: AgentCommandStatus): boolean {
  return status === 'queued' || status === 'delivered';
}

/** What the agent reported (`command-result`). */
export interface AgentCommandResult {
  readonly message: string | null;
  readonly output: Readonly<Record<string, unknown>> | null;
}

export type AgentCommand = AgentCommandSpec & {
  readonly id: string;
  readonly nodeId: string;
  readonly status: AgentCommandStatus;
  readonly createdAt: number;
  /** First handed out in a heartbeat answer. */
  readonly deliveredAt: number | null;
  /**
   * The deadline of the open status: queued, the agent must fetch it before this; delivered, it must
   * report before this. At or after it the command is expired. Kept as it was once closed.
   */
  readonly expiresAt: number;
  /** When it reached its current closed status (null while open). An expired command closes at its deadline. */
  readonly completedAt: number | null;
  readonly result: AgentCommandResult | null;
  /** The person who queued it (null: queued by the product itself). */
  readonly requestedBy: string | null;
  readonly cancelledBy: string | null;
};

export const MINUTE_MS = 60_000;
/** A queued command not fetched within this expires, unless the request says otherwise. */
export const DEFAULT_FETCH_TTL_MS = 15 * MINUTE_MS;
/** Bounds of a request's own fetch TTL: at least two heartbeat cycles, at most a day. */
export const MIN_FETCH_TTL_MS = MINUTE_MS;
export const MAX_FETCH_TTL_MS = 24 * 60 * MINUTE_MS;
/** After its first delivery the agent has this long to report an outcome before the command expires. */
export const ANSWER_WINDOW_MS = 15 * MINUTE_MS;
/** Open (queued or delivered) commands one node may have at once; more are refused. */
export const MAX_OPEN_COMMANDS_PER_NODE = 100;
/** Closed commands stay in memory (and are loaded at start) this long, so a repeated result is answered as already recorded. */
export const FINISHED_COMMAND_MEMORY_MS = 24 * 60 * MINUTE_MS;

/** Whether an open command has passed its deadline at `now`. */
export function isDue(command: AgentCommand, now: number): boolean {
  return isOpen(command.status) && now >= command.expiresAt;
}

/**
 * The command as it stands at `now`: an open command past its deadline is expired, closed at its
 * deadline. The sweep records exactly this; reads between two sweeps show it already.
 */
export function commandAt(command: AgentCommand, now: number): AgentCommand {
  return isDue(command, now) ? { ...command, status: 'expired', completedAt: command.expiresAt } : command;
}
