import { describe, expect, it } from 'vitest';
import { agentKeyInput, budgetLabel, validateAgentKey } from './agentKeyForm';

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

describe('new agent key form: request budget', () => {
  const base = { name: 'rack 3', nodeId: 'dc1/rack-3', endpoints: ['health/report'] };

  it('sends a budget when both fields are filled', () => {
    const values = { ...base, requestsPerSecond: ' 2.5 ', burst: '250' };
    expect(validateAgentKey(values)).toEqual({});
    expect(agentKeyInput(values).requestBudget).toEqual({ requestsPerSecond: 2.5, burst: 250 });
  });

  it('sends none when both are empty', () => {
    expect(agentKeyInput({ ...base, requestsPerSecond: '', burst: ' ' }).requestBudget).toBeUndefined();
  });

  it.each([
    [{ requestsPerSecond: '0', burst: '10' }, ['requestsPerSecond']],
    [{ requestsPerSecond: '10001', burst: '10' }, ['requestsPerSecond']],
    [{ requestsPerSecond: 'fast', burst: '10' }, ['requestsPerSecond']],
    [{ requestsPerSecond: '5', burst: '2.5' }, ['burst']],
    [{ requestsPerSecond: '5', burst: '0' }, ['burst']],
    [{ requestsPerSecond: '5', burst: '100001' }, ['burst']],
    [{ requestsPerSecond: '5', burst: '' }, ['burst']],
    [{ requestsPerSecond: '', burst: '10' }, ['requestsPerSecond']],
  ])('refuses %j', (budget, fields) => {
    expect(Object.keys(validateAgentKey({ ...base, ...budget })).sort()).toEqual(fields);
  });

  it('labels a key without a budget as counted per address', () => {
    expect(budgetLabel(null)).toBe('per address');
    expect(budgetLabel({ requestsPerSecond: 20, burst: 250 })).toBe('20/s, burst 250');
  });
});
