/**
 * The workflow domain events (announced after the commit of the execution record they describe)
 * and the webhook events built from them (SPEC.md "workflow" family): `workflow.started` when a
 * transition's steps begin, `workflow.step_completed` after each step that succeeded,
 * `workflow.completed` when all did, `workflow.failed` at the first that did not (the rest do not
 * run). A transition without steps runs nothing and announces nothing.
 *
 * `data`: `{execution{…}}` in the shape GraphQL's `workflowExecutions` shows it, plus `step{…}` (the
 * step the event is about) for step_completed and failed.
 */
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { EventOfType } from '../../../platform/events/eventBus.js';
import type { WebhookEventSource } from '../../../platform/events/webhookEventCatalog.js';
import { executionData, stepData, type StepOutcome, type WorkflowExecution } from './workflowExecution.js';

export type WorkflowEventKind = 'started' | 'step_completed' | 'completed' | 'failed';

export interface WorkflowRunEvent<K extends WorkflowEventKind = WorkflowEventKind> {
  readonly type: `workflow.${K}`;
  readonly execution: WorkflowExecution;
  /** The step this event is about (step_completed; failed when a step failed). */
  readonly step: StepOutcome | null;
  readonly at: number;
  readonly origin: Origin;
}

declare module '../../../platform/events/domainEvents.js' {
  interface DomainEventMap {
    'workflow.started': WorkflowRunEvent<'started'>;
    'workflow.step_completed': WorkflowRunEvent<'step_completed'>;
    'workflow.completed': WorkflowRunEvent<'completed'>;
    'workflow.failed': WorkflowRunEvent<'failed'>;
  }
}

export const WORKFLOW_WEBHOOK_EVENTS = ['workflow.started', 'workflow.completed', 'workflow.failed', 'workflow.step_completed'] as const;

type WorkflowDomainEvent =
  | EventOfType<'workflow.started'>
  | EventOfType<'workflow.step_completed'>
  | EventOfType<'workflow.completed'>
  | EventOfType<'workflow.failed'>;

export const workflowSource: WebhookEventSource<WorkflowDomainEvent> = {
  family: 'workflow',
  domainTypes: ['workflow.started', 'workflow.step_completed', 'workflow.completed', 'workflow.failed'],
  names: WORKFLOW_WEBHOOK_EVENTS,
  translate(event) {
    const data: Record<string, unknown> = { execution: executionData(event.execution) };
    if (event.step !== null) data['step'] = stepData(event.step);
    return { name: event.type, at: event.at, data };
  },
};
