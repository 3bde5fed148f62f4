/** A webhook's state and an execution's outcome on a badge (ui/kit/Badge.tsx): word and tone. */
import type { WebhookExecutionStatus, WebhookStatus } from '../../../gql/graphql';
import type { BadgeProps, Tone } from '../../../ui/kit/Badge';
import { toneOf } from '../../../ui/kit/Badge';

const HOOK: Record<WebhookStatus, readonly [string, Tone]> = {
  ACTIVE: ['Active', 'operational'],
  INACTIVE: ['Paused', 'unknown'],
  ERROR: ['Stopped after failures', 'down'],
};

const EXECUTION: Record<WebhookExecutionStatus, readonly [string, Tone]> = {
  SUCCESS: ['Delivered', 'operational'],
  FAILED: ['Failed', 'down'],
  ExecFailed: ['Refused', 'degraded'],
};

export function webhookStatusBadge(status: string): BadgeProps {
  const [label, tone] = toneOf(HOOK, status);
  return { tone, children: label };
}

export function executionBadge(status: string): BadgeProps {
  const [label, tone] = toneOf(EXECUTION, status);
  return { tone, children: label };
}
