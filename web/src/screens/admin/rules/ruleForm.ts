/**
 * A permission rule as a form: who (a role or a group), what (resource and action, each possibly
 * *), allow or deny, optionally only inside one environment. The actions offered follow the
 * resource chosen (policyResources).
 */
import type {
  AdminPermissionRulesQuery,
  PermissionRuleInput,
  PolicyEffect as Effect,
  PolicySubjectType as SubjectType,
  UpdatePermissionRuleInput,
} from '../../../gql/graphql';

export type { Effect, SubjectType };

export interface RuleValues {
  subjectType: SubjectType;
  /** ROLE: admin, operator or user; GROUP: the group's id. */
  subject: string;
  resource: string;
  action: string;
  effect: Effect;
  /** '' for every environment. */
  environmentId: string;
  description: string;
}

export type RuleFields = Pick<
  AdminPermissionRulesQuery['permissionRules'][number],
  'subjectType' | 'subject' | 'resource' | 'action' | 'effect' | 'environment' | 'description'
>;

export type RuleErrors = Partial<Record<keyof RuleValues, string>>;

export interface PolicyResource {
  readonly resource: string;
  readonly actions: readonly string[];
}

export const RULE_ROLES = ['admin', 'operator', 'user'] as const;

export function emptyRule(): RuleValues {
  return { subjectType: 'ROLE', subject: 'operator', resource: '', action: '', effect: 'ALLOW', environmentId: '', description: '' };
}

export function ruleValues(rule: RuleFields): RuleValues {
  return {
    subjectType: rule.subjectType,
    subject: rule.subjectType === 'ROLE' ? rule.subject.toLowerCase() : rule.subject,
    resource: rule.resource,
    action: rule.action,
    effect: rule.effect,
    environmentId: rule.environment?.id ?? '',
    description: rule.description ?? '',
  };
}

/** The actions a resource offers, with * first; every action known anywhere for resource *. */
export function actionsFor(resource: string, resources: readonly PolicyResource[]): string[] {
  const known =
    resource === '*'
      ? [...new Set(resources.flatMap((r) => r.actions))].sort()
      : (resources.find((r) => r.resource === resource)?.actions ?? []);
  return ['*', ...known.filter((action) => action !== '*')];
}

export function validateRule(values: RuleValues, resources: readonly PolicyResource[]): RuleErrors {
  const errors: RuleErrors = {};
  if (values.subject.trim() === '') errors.subject = values.subjectType === 'ROLE' ? 'Choose a role.' : 'Choose a group.';
  else if (values.subjectType === 'ROLE' && !(RULE_ROLES as readonly string[]).includes(values.subject))
    errors.subject = 'Choose admin, operator or user.';
  if (values.resource === '') errors.resource = 'Choose what the rule is about (or * for everything).';
  if (values.action === '') errors.action = 'Choose an action (or * for every action).';
  else if (values.resource !== '' && !actionsFor(values.resource, resources).includes(values.action))
    errors.action = `"${values.action}" is not an action of ${values.resource}; choose another.`;
  return errors;
}

export function addRuleInput(values: RuleValues): PermissionRuleInput {
  return {
    subjectType: values.subjectType,
    subject: values.subject,
    resource: values.resource,
    action: values.action,
    effect: values.effect,
    ...(values.environmentId ? { environmentId: values.environmentId } : {}),
    ...(values.description.trim() ? { description: values.description.trim() } : {}),
  };
}

/** What changed; a cleared environment is null (the rule then applies everywhere). */
export function updateRuleInput(before: RuleValues, after: RuleValues): UpdatePermissionRuleInput {
  const input: UpdatePermissionRuleInput = {};
  for (const key of ['subjectType', 'subject', 'resource', 'action', 'effect'] as const)
    if (after[key] !== before[key]) Object.assign(input, { [key]: after[key] });
  if (after.environmentId !== before.environmentId) input.environmentId = after.environmentId === '' ? null : after.environmentId;
  if (after.description.trim() !== before.description.trim()) input.description = after.description.trim();
  // The server reads subjectType and subject together: send both when either changes.
  if ('subjectType' in input || 'subject' in input) Object.assign(input, { subjectType: after.subjectType, subject: after.subject });
  return input;
}
