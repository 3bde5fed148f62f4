/**
 * Runs a transition's steps after the transition committed (`WorkflowStepRunner`): in order, one
 * after another, stopping at the first that fails. The transition itself is never undone by a
 * step: the ticket moved, and a failed step is reported (a `workflow.failed` event and the
 * execution record) for an operator to act on.
 *
 * `HTTP_REQUEST` goes out through the outbound validator and client (src/outbound), with the same
 * policy as webhook deliveries: a refused address opens no socket and the step fails with the
 * validator's reason. Runs never throw into the caller; `idle()` lets tests wait for them and
 * `stop()` aborts those in flight at shutdown.
 */
import type { Logger } from '../../log/logger.js';
import { sendOutbound, type OutboundPolicy, type OutboundResult } from '../../outbound/outboundRequest.js';
import type { TicketView, WorkflowStep, WorkflowStepRunner, WorkflowTransition } from '../ticketContract.js';

/** The whole of one HTTP_REQUEST step: DNS, connect, redirects and the answer. */
export const STEP_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 1024;

export type StepStatus = 'SUCCESS' | 'FAILED' | 'ExecFailed';

/** What became of one step: `ExecFailed` when it could not be carried out at all (refused address, bad input), `FAILED` when the receiver answered badly or the network failed. */
export interface StepOutcome {
  readonly step: string;
  readonly type: WorkflowStep['type'];
  readonly status: StepStatus;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

/** Told about each run as it goes (events and records; the log in the first version). */
export interface WorkflowRunObserver {
  started(run: WorkflowRun): void;
  stepFinished(run: WorkflowRun, outcome: StepOutcome): void;
  finished(run: WorkflowRun, outcomes: readonly StepOutcome[]): void;
}

export interface WorkflowRun {
  readonly ticket: TicketView;
  readonly transition: WorkflowTransition;
  readonly actorId: string | null;
}

export interface StepRunnerOptions {
  readonly policy: OutboundPolicy;
  readonly logger: Logger;
  readonly observer?: WorkflowRunObserver;
  /** @default STEP_TIMEOUT_MS */
  readonly timeoutMs?: number;
}

export class OutboundStepRunner implements WorkflowStepRunner {
  private readonly running = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  constructor(private readonly options: StepRunnerOptions) {}

  transitioned(ticket: TicketView, transition: WorkflowTransition, actorId: string | null): void {
    if (transition.steps.length === 0 || this.abort.signal.aborted) return;
    const run = this.run({ ticket, transition, actorId }).catch((error: unknown) => {
      this.options.logger.error('workflow run failed unexpectedly', { ticketId: ticket.id, transition: transition.name, error: String(error) });
    });
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /** Resolves once every run started so far has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Aborts runs in flight (their current step fails as aborted) and waits for them. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.idle();
  }

  private async run(run: WorkflowRun): Promise<void> {
    const observer = this.options.observer ?? logObserver(this.options.logger);
    observer.started(run);
    const outcomes: StepOutcome[] = [];
    for (const step of run.transition.steps) {
      const outcome = await this.perform(step);
      outcomes.push(outcome);
      observer.stepFinished(run, outcome);
      if (outcome.status !== 'SUCCESS') break;
    }
    observer.finished(run, outcomes);
  }

  private async perform(step: WorkflowStep): Promise<StepOutcome> {
    switch (step.type) {
      case 'HTTP_REQUEST': {
        const result = await sendOutbound(
          {
            url: step.url,
            method: step.method,
            headers: { 'content-type': 'application/json', ...step.headers },
            ...(step.body !== undefined ? { body: step.body } : {}),
            timeoutMs: this.options.timeoutMs ?? STEP_TIMEOUT_MS,
            excerptBytes: EXCERPT_BYTES,
            signal: this.abort.signal,
          },
          this.options.policy,
        );
        return httpOutcome(step, result);
      }
      default:
        return { step: step.name, type: step.type, status: 'ExecFailed', statusCode: null, error: `${step.type} steps are not carried out by this version`, durationMs: 0 };
    }
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
      return { ...base, status: 'FAILED', statusCode: result.status, error: `the receiver answered ${result.status}${result.unfollowedBecause ? ` (${result.unfollowedBecause})` : ''}` };
  }
}

function logObserver(logger: Logger): WorkflowRunObserver {
  return {
    started: () => undefined,
    stepFinished: (run, outcome) => {
      if (outcome.status !== 'SUCCESS') logger.warn('workflow step failed', { ticketId: run.ticket.id, transition: run.transition.name, ...outcome });
    },
    finished: () => undefined,
  };
}
