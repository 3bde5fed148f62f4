/**
 * The new agent key form's checks (the server's: a name, a node path, at least one endpoint, and an
 * optional request budget within the server's bounds).
 */
export interface AgentKeyValues {
  name: string;
  nodeId: string;
  endpoints: string[];
  /** Its own request budget; both empty: the key's requests count against their address. */
  requestsPerSecond?: string;
  burst?: string;
}

export type AgentKeyErrors = Partial<Record<keyof AgentKeyValues, string>>;

/** The server's bounds (src/plugins/agentKeys/agentKeySchema.ts). */
const MIN_RPS = 0.1;
const MAX_RPS = 10_000;
const MAX_BURST = 100_000;

export function validateAgentKey(values: AgentKeyValues): AgentKeyErrors {
  const errors: AgentKeyErrors = {};
  if (values.name.trim() === '') errors.name = 'Name the key after where it runs, e.g. "rack-3 operator".';
  if (values.nodeId.trim() === '')
    errors.nodeId = 'Enter the node path the key may report for, e.g. dc1/rack-3 (it reaches every node below).';
  if (values.endpoints.length === 0) errors.endpoints = 'Choose at least one endpoint the key may call.';
  const rps = (values.requestsPerSecond ?? '').trim();
  const burst = (values.burst ?? '').trim();
  if (rps !== '' || burst !== '') {
    const r = Number(rps);
    if (rps === '' || !Number.isFinite(r) || r < MIN_RPS || r > MAX_RPS)
      errors.requestsPerSecond = `Enter requests a second from ${MIN_RPS} to ${MAX_RPS}, or leave both budget fields empty.`;
    const b = Number(burst);
    if (burst === '' || !Number.isInteger(b) || b < 1 || b > MAX_BURST)
      errors.burst = `Enter a whole number from 1 to ${MAX_BURST}, or leave both budget fields empty.`;
  }
  return errors;
}

export function agentKeyInput(values: AgentKeyValues): {
  name: string;
  nodeId: string;
  endpoints: string[];
  requestBudget?: { requestsPerSecond: number; burst: number };
} {
  const input = { name: values.name.trim(), nodeId: values.nodeId.trim(), endpoints: [...values.endpoints] };
  const rps = (values.requestsPerSecond ?? '').trim();
  const burst = (values.burst ?? '').trim();
  return rps === '' && burst === '' ? input : { ...input, requestBudget: { requestsPerSecond: Number(rps), burst: Number(burst) } };
}

/** How a key's budget reads in the list. */
export function budgetLabel(budget: { requestsPerSecond: number; burst: number } | null): string {
  return budget === null ? 'per address' : `${budget.requestsPerSecond}/s, burst ${budget.burst}`;
}
