/**
 * One run of a transition's steps, as recorded for an operator (`workflow_executions`): which
 * ticket and transition, each step's outcome, and why the run failed. Pure values and their
 * shapes for GraphQL and webhooks.
 */
import type { WorkflowStep } from '../ticketContract.js';

/**
 * `SUCCESS`; `FAILED`: the receiver answered badly (not 2xx) or the network failed; `ExecFailed`:
 * the step could not be carried out at all (the outbound validator refused the address, there was
 * nobody to notify), as webhook executions record it (SPEC.md Errors rule 5).
 */
export type StepStatus = 'SUCCESS' | 'FAILED' | 'ExecFailed';

export interface StepOutcome {
  readonly step: string;
  readonly type: WorkflowStep['type'];
  readonly status: StepStatus;
  /** The receiver's HTTP status (HTTP_REQUEST). */
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

export type ExecutionStatus = 'RUNNING' | 'COMPLETED' | 'FAILED';

export interface WorkflowExecution {
  readonly id: string;
  readonly ticketId: string;
  readonly ticketNumber: string;
  readonly workflowName: string;
  readonly transition: string;
  readonly actorId: string | null;
  readonly status: ExecutionStatus;
  /** The steps that ran so far, in order (a failed one ends the list). */
  readonly steps: readonly StepOutcome[];
  /** Why the run failed: the failed step and its reason. */
  readonly error: string | null;
  readonly startedAt: number;
  readonly finishedAt: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function stepData(s: StepOutcome): Record<string, unknown> {
  return { name: s.step, type: s.type, status: s.status, statusCode: s.statusCode, error: s.error, durationMs: s.durationMs };
}

export function executionData(e: WorkflowExecution): Record<string, unknown> {
  return {
    id: e.id,
    ticketId: e.ticketId,
    ticketNumber: e.ticketNumber,
    workflowName: e.workflowName,
    transition: e.transition,
    actorId: e.actorId,
    status: e.status,
    steps: e.steps.map(stepData),
    error: e.error,
    startedAt: iso(e.startedAt),
    finishedAt: iso(e.finishedAt),
  };
}
