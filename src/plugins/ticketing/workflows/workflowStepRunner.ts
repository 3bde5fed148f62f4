/**
 * Runs a transition's steps after the transition committed (`WorkflowStepRunner`): in order, one
 * after another, stopping at the first that fails. A step never undoes the transition: the ticket
 * moved, and a failed step is recorded (`workflow_executions`) and announced (`workflow.failed`)
 * for an operator to act on. Each change of a run is staged with its event (workflowEvents.ts).
 *
 * - `HTTP_REQUEST` goes out through the outbound validator and client (src/platform/outbound) with the
 *   webhook policy: a refused address opens no socket and the step is `ExecFailed` with the
 *   validator's reason; a non-2xx answer or a network failure is `FAILED`. Redirects are followed
 *   as the client follows them (each hop validated).
 * - `NOTIFY` sends an in-app notification to the ticket's requester and assignee, staged in the
 *   batch of the step's record.
 *
 * Runs never throw into the caller. `stop()` aborts those in flight (their step fails as aborted,
 * recorded before the writer's last flush); a run a crash cut short is marked failed at the next
 * start (`recoverInterrupted`).
 */
import type { Clock } from '../../../platform/scheduler/index.js';
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { Logger } from '../../../platform/log/logger.js';
import type { NewNotification } from '../../notifications/notificationCenter.js';
import { sendOutbound, type OutboundPolicy, type OutboundResult } from '../../../platform/outbound/outboundRequest.js';
import type { TicketView, WorkflowStep, WorkflowStepRunner, WorkflowTransition } from '../ticketContract.js';
import type { StepOutcome, WorkflowExecution } from './workflowExecution.js';
import type { WorkflowExecutionLog } from './workflowExecutionLog.js';

export type { StepOutcome } from './workflowExecution.js';

/** The whole of one HTTP_REQUEST step: DNS, connect, redirects and the answer. */
export const STEP_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 1024;

export interface StepRunnerDeps {
  readonly policy: OutboundPolicy;
  readonly log: WorkflowExecutionLog;
  readonly notify: (notification: NewNotification, origin: Origin) => void;
  readonly clock: Pick<Clock, 'now'>;
  readonly newId: () => string;
  readonly logger: Logger;
  /** @default STEP_TIMEOUT_MS */
  readonly timeoutMs?: number;
}

export class OutboundStepRunner implements WorkflowStepRunner {
  private readonly running = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();

  constructor(private readonly deps: StepRunnerDeps) {}

  transitioned(ticket: TicketView, transition: WorkflowTransition, actorId: string | null): void {
    if (transition.steps.length === 0 || this.abort.signal.aborted) return;
    const origin: Origin = actorId === null ? 'timer' : 'api';
    const at = this.deps.clock.now();
    const execution: WorkflowExecution = {
      id: this.deps.newId(),
      ticketId: ticket.id,
      ticketNumber: ticket.number,
      workflowName: ticket.workflowName,
      transition: transition.name,
      actorId,
      status: 'RUNNING',
      steps: [],
      error: null,
      startedAt: at,
      finishedAt: null,
    };
    this.deps.log.record('started', execution, null, at, origin);
    const run = this.run(execution, ticket, transition.steps, origin).catch((error: unknown) => {
      this.deps.logger.error('workflow run failed unexpectedly', {
        executionId: execution.id,
        ticketId: ticket.id,
        transition: transition.name,
        error,
      });
    });
    this.running.set(execution.id, run);
    void run.finally(() => this.running.delete(execution.id));
  }

  /** Resolves once every run started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  /** Aborts runs in flight (their current step fails as aborted) and waits until they are recorded. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.idle();
  }

  /** Runs recorded as RUNNING that this process did not start were cut short by a stop or crash: mark them failed. */
  async recoverInterrupted(): Promise<number> {
    const interrupted = (await this.deps.log.interrupted()).filter((e) => !this.running.has(e.id));
    const at = this.deps.clock.now();
    for (const execution of interrupted) {
      const failed: WorkflowExecution = {
        ...execution,
        status: 'FAILED',
        error: 'the server stopped while the steps ran; the remaining steps did not run',
        finishedAt: at,
      };
      this.deps.log.record('failed', failed, null, at, 'timer');
    }
    return interrupted.length;
  }

  private async run(started: WorkflowExecution, ticket: TicketView, steps: readonly WorkflowStep[], origin: Origin): Promise<void> {
    let execution = started;
    for (const step of steps) {
      const outcome = await this.perform(step, ticket, origin);
      const at = this.deps.clock.now();
      execution = { ...execution, steps: [...execution.steps, outcome] };
      if (outcome.status !== 'SUCCESS') {
        execution = {
          ...execution,
          status: 'FAILED',
          error: `step "${outcome.step}" (${outcome.type}): ${outcome.error ?? outcome.status}`,
          finishedAt: at,
        };
        this.deps.log.record('failed', execution, outcome, at, origin);
        this.deps.logger.warn('workflow step failed', {
          executionId: execution.id,
          ticketId: ticket.id,
          transition: execution.transition,
          ...outcome,
        });
        return;
      }
      this.deps.log.record('step_completed', execution, outcome, at, origin);
    }
    const at = this.deps.clock.now();
    this.deps.log.record('completed', { ...execution, status: 'COMPLETED', finishedAt: at }, null, at, origin);
  }

  private async perform(step: WorkflowStep, ticket: TicketView, origin: Origin): Promise<StepOutcome> {
    switch (step.type) {
      case 'HTTP_REQUEST': {
        const headers: Record<string, string> = { ...step.headers };
        if (step.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
          headers['content-type'] = 'application/json';
        const result = await sendOutbound(
          {
            url: step.url,
            method: step.method,
            headers,
            ...(step.body !== undefined ? { body: step.body } : {}),
            timeoutMs: this.deps.timeoutMs ?? STEP_TIMEOUT_MS,
            excerptBytes: EXCERPT_BYTES,
            signal: this.abort.signal,
          },
          this.deps.policy,
        );
        return httpOutcome(step, result);
      }
      case 'NOTIFY':
        return this.notify(step, ticket, origin);
    }
  }

  private notify(step: Extract<WorkflowStep, { type: 'NOTIFY' }>, ticket: TicketView, origin: Origin): StepOutcome {
    const recipients = [...new Set([ticket.requesterId, ticket.assigneeId].filter((id): id is string => id !== null))];
    if (recipients.length === 0)
      return {
        step: step.name,
        type: step.type,
        status: 'ExecFailed',
        statusCode: null,
        error: 'the ticket has nobody to notify',
        durationMs: 0,
      };
    for (const userId of recipients) {
      this.deps.notify(
        {
          userId,
          type: 'workflow.notify',
          title: `${ticket.number}: ${ticket.title}`,
          message: step.message,
          entityType: 'ticket',
          entityId: ticket.id,
        },
        origin,
      );
    }
    return { step: step.name, type: step.type, status: 'SUCCESS', statusCode: null, error: null, durationMs: 0 };
  }
}

export function httpOutcome(step: WorkflowStep, result: OutboundResult): StepOutcome {
  const base = { step: step.name, type: step.type, durationMs: Math.round(result.durationMs) };
  switch (result.kind) {
    case 'refused':
      return { ...base, status: 'ExecFailed', statusCode: null, error: result.reason };
    case 'failed':
      return { ...base, status: 'FAILED', statusCode: null, error: result.reason };
    case 'response':
      if (result.status >= 200 && result.status < 300) return { ...base, status: 'SUCCESS', statusCode: result.status, error: null };
      return {
        ...base,
        status: 'FAILED',
        statusCode: result.status,
        error: `the receiver answered ${result.status}${result.unfollowedBecause ? ` (${result.unfollowedBecause})` : ''}`,
      };
  }
}
