import { describe, expect, it } from 'vitest';
import { agentKeyInput, validateAgentKey } from './agentKeyForm';

describe('new agent key form', () => {
  it('needs a name, a node path and an endpoint', () => {
    expect(Object.keys(validateAgentKey({ name: ' ', nodeId: '', endpoints: [] })).sort()).toEqual(['endpoints', 'name', 'nodeId']);
  });

  it('accepts a complete key and trims it', () => {
    const values = { name: ' rack 3 ', nodeId: ' dc1/rack-3 ', endpoints: ['health/report'] };
    expect(validateAgentKey(values)).toEqual({});
    expect(agentKeyInput(values)).toEqual({ name: 'rack 3', nodeId: 'dc1/rack-3', endpoints: ['health/report'] });
  });
});
