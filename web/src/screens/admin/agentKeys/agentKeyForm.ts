/** The new agent key form's checks (the server's: a name, a node path, at least one endpoint). */
export interface AgentKeyValues {
  name: string;
  nodeId: string;
  endpoints: string[];
}

export type AgentKeyErrors = Partial<Record<keyof AgentKeyValues, string>>;

export function validateAgentKey(values: AgentKeyValues): AgentKeyErrors {
  const errors: AgentKeyErrors = {};
  if (values.name.trim() === '') errors.name = 'Name the key after where it runs, e.g. "rack-3 operator".';
  if (values.nodeId.trim() === '') errors.nodeId = 'Enter the node path the key may report for, e.g. dc1/rack-3 (it reaches every node below).';
  if (values.endpoints.length === 0) errors.endpoints = 'Choose at least one endpoint the key may call.';
  return errors;
}

export function agentKeyInput(values: AgentKeyValues): { name: string; nodeId: string; endpoints: string[] } {
  return { name: values.name.trim(), nodeId: values.nodeId.trim(), endpoints: [...values.endpoints] };
}
