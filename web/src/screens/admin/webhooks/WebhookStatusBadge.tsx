/** A webhook's state and an execution's outcome as words with colour (never colour alone). */
const HOOK: Record<string, [string, string]> = {
  ACTIVE: ['Active', 'status-operational'],
  INACTIVE: ['Paused', 'status-unknown'],
  ERROR: ['Stopped after failures', 'status-down'],
};

const EXECUTION: Record<string, [string, string]> = {
  SUCCESS: ['Delivered', 'status-operational'],
  FAILED: ['Failed', 'status-down'],
  ExecFailed: ['Refused', 'status-degraded'],
};

export function WebhookStatusBadge({ status }: { status: string }) {
  const [label, className] = HOOK[status] ?? [status, 'status-unknown'];
  return <span className={`badge ${className}`}>{label}</span>;
}

export function ExecutionBadge({ status }: { status: string }) {
  const [label, className] = EXECUTION[status] ?? [status, 'status-unknown'];
  return <span className={`badge ${className}`}>{label}</span>;
}
