/** GraphQL inputs of the policy, read once into typed values; a bad one is a BAD_REQUEST naming the field. */
import { isRole } from '../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { GroupDirectory } from '../../core/people/groupDirectory.js';
import { identifierText, nodePath, storableText, Warnings } from '../../core/protocol/fields.js';
import { actionCatalog, FIXED_RESOURCES } from './policyEngine.js';
import type { AccessLevel, Effect, Subject } from './policyModel.js';
import type { EnvironmentInput, RuleInput } from './policyStore.js';

const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);
const MAX_PATHS = 100;

/** ROLE + a role name (any case), or GROUP + a group's id or name. */
export function readSubject(input: Record<string, unknown>, groups: GroupDirectory): Subject {
  const type = input['subjectType'];
  const subject = String(input['subject'] ?? '').trim();
  if (type === 'ROLE') {
    const role = subject.toLowerCase();
    if (!isRole(role)) throw bad(`subject must be a role (admin, operator, user) when subjectType is ROLE; got "${subject}"`);
    return { subjectType: 'role', subject: role };
  }
  const group = groups.get(subject) ?? groups.named(subject);
  if (!group) throw new AppError(ErrorCode.NotFound, `subject: no group with id or name "${subject}"`);
  return { subjectType: 'group', subject: group.id };
}

export function readEffect(value: unknown): Effect {
  return value === 'DENY' ? 'deny' : 'allow';
}

export function readLevel(value: unknown): AccessLevel | null {
  return value === 'WRITE' ? 'write' : value === 'READ' ? 'read' : null;
}

/** A rule's resource and action: names of src/core/auth/roles.ts (`service` and `read`) or `*`. */
export function readResourceAction(resource: unknown, action: unknown): { resource: string; action: string } {
  const r = String(resource ?? '').trim();
  const a = String(action ?? '').trim();
  const resources = actionCatalog().resources;
  if (FIXED_RESOURCES.has(r)) throw bad(`resource "${r}" is not governed by rules: admins always manage the policy`);
  if (r !== '*' && !resources.has(r))
    throw bad(`unknown resource "${r}"; known: ${[...resources.keys()].filter((k) => !FIXED_RESOURCES.has(k)).join(', ')} or *`);
  if (a !== '*') {
    const verbs = r === '*' ? [...new Set([...resources.values()].flat())] : resources.get(r)!;
    if (!verbs.includes(a)) throw bad(`unknown action "${a}" for resource "${r}"; known: ${verbs.join(', ')} or *`);
  }
  return { resource: r, action: a };
}

export function readRule(input: Record<string, unknown>, groups: GroupDirectory): RuleInput {
  return {
    ...readSubject(input, groups),
    ...readResourceAction(input['resource'], input['action']),
    effect: readEffect(input['effect']),
    environmentId: (input['environmentId'] as string | null | undefined) ?? null,
    description: optionalDescription(input['description']),
  };
}

export function readRuleChanges(input: Record<string, unknown>, groups: GroupDirectory, current: RuleInput): Partial<RuleInput> {
  const changes: { -readonly [K in keyof RuleInput]?: RuleInput[K] } = {};
  if (input['subjectType'] !== undefined || input['subject'] !== undefined) {
    Object.assign(
      changes,
      readSubject(
        { subjectType: input['subjectType'] ?? current.subjectType.toUpperCase(), subject: input['subject'] ?? current.subject },
        groups,
      ),
    );
  }
  if (input['resource'] !== undefined || input['action'] !== undefined) {
    Object.assign(changes, readResourceAction(input['resource'] ?? current.resource, input['action'] ?? current.action));
  }
  if (input['effect'] != null) changes.effect = readEffect(input['effect']);
  if (input['environmentId'] !== undefined) changes.environmentId = (input['environmentId'] as string | null) ?? null;
  if (input['description'] !== undefined) changes.description = optionalDescription(input['description']);
  return changes;
}

export function readEnvironment(input: Record<string, unknown>): EnvironmentInput {
  return { name: readName(input['name']), description: optionalDescription(input['description']), paths: readPaths(input['paths']) };
}

export function readEnvironmentChanges(input: Record<string, unknown>): Partial<EnvironmentInput> {
  const changes: { -readonly [K in keyof EnvironmentInput]?: EnvironmentInput[K] } = {};
  if (input['name'] != null) changes.name = readName(input['name']);
  if (input['description'] !== undefined) changes.description = optionalDescription(input['description']);
  if (input['paths'] != null) changes.paths = readPaths(input['paths']);
  return changes;
}

export function optionalDescription(value: unknown): string | null {
  return value === undefined || value === null || value === '' ? null : storableText(String(value), 'description', 1000);
}

function readName(value: unknown): string {
  return identifierText(String(value ?? ''), 'name', 100);
}

function readPaths(value: unknown): string[] {
  const list = value as unknown[];
  if (!Array.isArray(list) || list.length === 0)
    throw bad('paths must list at least one node path (the roots of the environment\'s subtrees), e.g. ["eu-west/prod"]');
  if (list.length > MAX_PATHS) throw bad(`paths: at most ${MAX_PATHS}`);
  return [...new Set(list.map((p, i) => nodePath(p, `paths[${i}]`, new Warnings())))];
}
