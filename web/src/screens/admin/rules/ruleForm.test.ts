import { describe, expect, it } from 'vitest';
import { actionsFor, addRuleInput, emptyRule, ruleValues, updateRuleInput, validateRule, type RuleFields } from './ruleForm';

const resources = [
  { resource: 'service', actions: ['read', 'write', 'delete'] },
  { resource: 'webhook', actions: ['read', 'manage'] },
];

const stored: RuleFields = {
  subjectType: 'GROUP',
  subject: 'g1',
  resource: 'service',
  action: 'write',
  effect: 'DENY',
  environment: { id: 'env-1', name: 'prod' },
  description: 'no writes in prod',
};

describe('permission rule form', () => {
  it('offers * and the actions of the chosen resource', () => {
    expect(actionsFor('webhook', resources)).toEqual(['*', 'read', 'manage']);
  });

  it('offers every known action for resource *', () => {
    expect(actionsFor('*', resources)).toEqual(['*', 'delete', 'manage', 'read', 'write']);
  });

  it('needs a resource and an action of that resource', () => {
    expect(Object.keys(validateRule(emptyRule(), resources)).sort()).toEqual(['action', 'resource']);
    expect(validateRule({ ...emptyRule(), resource: 'webhook', action: 'delete' }, resources).action).toMatch(/not an action of webhook/);
    expect(validateRule({ ...emptyRule(), resource: 'service', action: '*' }, resources)).toEqual({});
  });

  it('needs a group when the subject is a group', () => {
    expect(validateRule({ ...emptyRule(), subjectType: 'GROUP', subject: '', resource: '*', action: '*' }, resources).subject).toMatch(
      /group/,
    );
  });

  it('adds without an empty environment or description', () => {
    expect(addRuleInput({ ...emptyRule(), resource: 'service', action: 'read' })).toEqual({
      subjectType: 'ROLE',
      subject: 'operator',
      resource: 'service',
      action: 'read',
      effect: 'ALLOW',
    });
  });

  it('updates only what changed; clearing the environment sends null', () => {
    const before = ruleValues(stored);
    expect(updateRuleInput(before, { ...before })).toEqual({});
    expect(updateRuleInput(before, { ...before, environmentId: '', effect: 'ALLOW' })).toEqual({ environmentId: null, effect: 'ALLOW' });
  });

  it('sends subject type and subject together', () => {
    const before = ruleValues(stored);
    expect(updateRuleInput(before, { ...before, subjectType: 'ROLE', subject: 'user' })).toEqual({ subjectType: 'ROLE', subject: 'user' });
    expect(updateRuleInput(before, { ...before, subject: 'g2' })).toEqual({ subjectType: 'GROUP', subject: 'g2' });
  });
});
