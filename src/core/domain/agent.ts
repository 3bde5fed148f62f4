/**
 * What an agent (operator) tells the state core, as domain values: its heartbeat and the outcome of
 * a command it carried out. The machine API's parser produces these (src/core/protocol/machineBodies.ts);
 * the agent actor takes them and never sees a wire body.
 */

export interface AgentHeartbeat {
  readonly nodeId: string;
  readonly version: string | null;
  readonly watchedServices: number | null;
  readonly healthyServices: number | null;
  readonly unhealthyServices: number | null;
}

/** How a command ended on the agent's side. */
export const COMMAND_OUTCOMES = ['succeeded', 'failed'] as const;
export type CommandOutcome = (typeof COMMAND_OUTCOMES)[number];

export interface CommandOutcomeReport {
  readonly nodeId: string;
  readonly commandId: string;
  readonly status: CommandOutcome;
  readonly message: string | null;
  readonly output: Readonly<Record<string, unknown>> | null;
}
