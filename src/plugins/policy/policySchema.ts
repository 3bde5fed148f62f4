/**
 * Permission rules, field definitions and permissions, screen permissions over GraphQL
 * (docs/access.md). Management is admin-only (`policy:manage`); the `my*` queries answer for the
 * signed-in person. Every change answers after its commit.
 */
import type { CoreServices } from '../../core/coreServices.js';
import { authorize, requireViewer } from '../../core/auth/roles.js';
import { commitChange } from '../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import type { FieldEntry } from './fieldCatalog.js';
import type { Policy } from './policy.js';
import { actionCatalog, FIXED_RESOURCES } from './policyEngine.js';
import { optionalDescription, readRule, readRuleChanges, readSubject } from './policyInput.js';
import type { FieldPermission, PermissionRule, Subject } from './policyModel.js';

export interface PolicyServices {
  readonly policy: Policy;
}
type Slice = PolicyServices & Pick<CoreServices, 'groups' | 'writer' | 'clock'>;
type Context = GraphQLContext<Slice>;

const upper = (value: string) => value.toUpperCase();
const subjectFields = {
  subjectType: (s: Subject) => upper(s.subjectType),
  subjectName: (s: Subject, _a: unknown, ctx: Context) =>
    s.subjectType === 'role' ? s.subject : (ctx.app.groups.get(s.subject)?.name ?? null),
};

export function fieldDefinitionOf(policy: Policy, entry: FieldEntry) {
  const settings = policy.store.settingsOf(entry.id);
  return {
    id: entry.id,
    typeName: entry.typeName,
    fieldName: entry.fieldName,
    label: settings?.label ?? entry.fieldName,
    description: settings?.description ?? entry.description,
    restricted: settings?.restricted ?? false,
  };
}

function requireField(policy: Policy, id: string): FieldEntry {
  const entry = policy.catalog.get(id);
  if (!entry)
    throw new AppError(
      ErrorCode.NotFound,
      `no protectable field ${id}; fieldDefinitions lists them (nullable fields of ${[...policy.catalog.byType.keys()].join(', ')})`,
    );
  return entry;
}

export const policySchema: SchemaModule<Slice> = {
  typeDefs: /* GraphQL */ `
    enum PolicySubjectType { ROLE GROUP }
    enum PolicyEffect { ALLOW DENY }

    "Allows or denies an action on a resource to a role or a group; deny wins over allow, both over the role's default."
    type PermissionRule {
      id: ID!
      subjectType: PolicySubjectType!
      "A role name, or a group id."
      subject: String!
      "The role, or the group's name."
      subjectName: String
      "service, sla, webhook, ... or *"
      resource: String!
      "read, write, delete, ... or *"
      action: String!
      effect: PolicyEffect!
      "When set, the rule applies only to resources inside this environment."
      environment: Environment
      description: String
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    input PermissionRuleInput {
      subjectType: PolicySubjectType!
      "ROLE: admin, operator or user. GROUP: the group's id or name."
      subject: String!
      resource: String!
      action: String!
      effect: PolicyEffect!
      environmentId: ID
      description: String
    }

    "Fields left out stay as they are."
    input UpdatePermissionRuleInput {
      subjectType: PolicySubjectType
      subject: String
      resource: String
      action: String
      effect: PolicyEffect
      environmentId: ID
      description: String
    }

    "A resource rules can name, with its actions."
    type PolicyResource { resource: String!, actions: [String!]! }

    "A field the policy can hide or make read-only (a nullable field of a protected type)."
    type FieldDefinition {
      "Type.field, e.g. Service.metadata"
      id: ID!
      typeName: String!
      fieldName: String!
      label: String!
      description: String
      "Restricted: only subjects with a field permission allowing it may read (and write) it; admins always may."
      restricted: Boolean!
    }

    input UpdateFieldDefinitionInput { label: String, description: String, restricted: Boolean }

    type FieldPermission {
      id: ID!
      fieldId: ID!
      field: FieldDefinition!
      subjectType: PolicySubjectType!
      subject: String!
      subjectName: String
      canRead: Boolean!
      canWrite: Boolean!
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    input SetFieldPermissionInput {
      fieldId: ID!
      subjectType: PolicySubjectType!
      subject: String!
      canRead: Boolean!
      canWrite: Boolean!
    }

    "What you may do with one field."
    type MyFieldPermission { fieldId: ID!, typeName: String!, fieldName: String!, canRead: Boolean!, canWrite: Boolean! }

    type ScreenPermission {
      id: ID!
      screen: String!
      subjectType: PolicySubjectType!
      subject: String!
      subjectName: String
      allowed: Boolean!
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    input SetScreenPermissionInput { screen: String!, subjectType: PolicySubjectType!, subject: String!, allowed: Boolean! }

    "A console screen and whether you may open it."
    type UIPermission { screen: String!, label: String!, allowed: Boolean! }

    extend type Query {
      "Permission rules, optionally of one subject or resource (admin)."
      permissionRules(subjectType: PolicySubjectType, subject: String, resource: String): [PermissionRule!]!
      permissionRule(id: ID!): PermissionRule
      "Resources and actions rules can name (admin)."
      policyResources: [PolicyResource!]!
      fieldDefinitions(typeName: String): [FieldDefinition!]!
      "Field permissions, optionally of one field (admin)."
      fieldPermissions(fieldId: ID): [FieldPermission!]!
      fieldPermission(id: ID!): FieldPermission
      "What you may read and write, per protected field."
      myFieldPermissions(typeName: String): [MyFieldPermission!]!
      "Screen permissions, optionally of one screen (admin)."
      screenPermissions(screen: String): [ScreenPermission!]!
      screenPermission(id: ID!): ScreenPermission
      "Every console screen and whether you may open it."
      myUIPermissions: [UIPermission!]!
    }

    extend type Mutation {
      addPermissionRule(input: PermissionRuleInput!): PermissionRule!
      updatePermissionRule(id: ID!, input: UpdatePermissionRuleInput!): PermissionRule!
      deletePermissionRule(id: ID!): Boolean!
      updateFieldDefinition(id: ID!, input: UpdateFieldDefinitionInput!): FieldDefinition!
      "Sets what a role or group may do with a field (one permission per field and subject; setting again replaces it)."
      setFieldPermission(input: SetFieldPermissionInput!): FieldPermission!
      deleteFieldPermission(id: ID!): Boolean!
      "Allows or denies a console screen to a role or group (one per screen and subject)."
      setScreenPermission(input: SetScreenPermissionInput!): ScreenPermission!
      deleteScreenPermission(id: ID!): Boolean!
    }
  `,
  resolvers: {
    PermissionRule: {
      ...subjectFields,
      effect: (r: PermissionRule) => upper(r.effect),
      environment: (r: PermissionRule, _a: unknown, ctx: Context) =>
        r.environmentId === null ? null : (ctx.app.policy.store.environment(r.environmentId) ?? null),
    },
    FieldPermission: {
      ...subjectFields,
      field: (p: FieldPermission, _a: unknown, ctx: Context) => fieldDefinitionOf(ctx.app.policy, requireField(ctx.app.policy, p.fieldId)),
    },
    ScreenPermission: subjectFields,
    Query: {
      permissionRules(_root, args: { subjectType?: string | null; subject?: string | null; resource?: string | null }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        const subject =
          args.subjectType && args.subject ? readSubject({ subjectType: args.subjectType, subject: args.subject }, ctx.app.groups) : null;
        return [...ctx.app.policy.store.rules()]
          .filter(
            (r) =>
              (subject === null || (r.subjectType === subject.subjectType && r.subject === subject.subject)) &&
              (args.resource == null || r.resource === args.resource),
          )
          .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
      },
      permissionRule: (_root, args: { id: string }, ctx) => (
        authorize(ctx.viewer, 'policy:manage'), ctx.app.policy.store.rule(args.id) ?? null
      ),
      policyResources: (_root, _args, ctx) => (
        authorize(ctx.viewer, 'policy:manage'),
        [...actionCatalog().resources].filter(([r]) => !FIXED_RESOURCES.has(r)).map(([resource, actions]) => ({ resource, actions }))
      ),
      fieldDefinitions(_root, args: { typeName?: string | null }, ctx) {
        requireViewer(ctx.viewer);
        return ctx.app.policy.catalog.fields
          .filter((f) => args.typeName == null || f.typeName === args.typeName)
          .map((f) => fieldDefinitionOf(ctx.app.policy, f));
      },
      fieldPermissions(_root, args: { fieldId?: string | null }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        return [...ctx.app.policy.store.fieldPermissions()]
          .filter((p) => args.fieldId == null || p.fieldId === args.fieldId)
          .sort((a, b) => a.fieldId.localeCompare(b.fieldId) || a.createdAt - b.createdAt);
      },
      fieldPermission: (_root, args: { id: string }, ctx) => (
        authorize(ctx.viewer, 'policy:manage'), ctx.app.policy.store.fieldPermission(args.id) ?? null
      ),
      myFieldPermissions(_root, args: { typeName?: string | null }, ctx) {
        const viewer = requireViewer(ctx.viewer);
        const profile = ctx.app.policy.profileOf(viewer);
        const hidden = profile.hidden();
        const readOnly = profile.readOnly();
        return ctx.app.policy.catalog.fields
          .filter((f) => args.typeName == null || f.typeName === args.typeName)
          .map((f) => ({
            fieldId: f.id,
            typeName: f.typeName,
            fieldName: f.fieldName,
            canRead: hidden?.[f.index] !== 1,
            canWrite: readOnly[f.index] !== 1,
          }));
      },
      screenPermissions(_root, args: { screen?: string | null }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        return [...ctx.app.policy.store.screenPermissions()]
          .filter((p) => args.screen == null || p.screen === args.screen)
          .sort((a, b) => a.screen.localeCompare(b.screen) || a.createdAt - b.createdAt);
      },
      screenPermission: (_root, args: { id: string }, ctx) => (
        authorize(ctx.viewer, 'policy:manage'), ctx.app.policy.store.screenPermission(args.id) ?? null
      ),
      myUIPermissions(_root, _args, ctx) {
        const verdicts = ctx.app.policy.profileOf(requireViewer(ctx.viewer)).screenVerdicts();
        return ctx.app.policy.engine.screens.map((s, i) => ({ screen: s.name, label: s.label, allowed: verdicts[i] === true }));
      },
    },
    Mutation: {
      addPermissionRule(_root, args: { input: Record<string, unknown> }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        const input = readRule(args.input, ctx.app.groups);
        return commitChange(ctx.app, (at) => ctx.app.policy.store.addRule(input, at));
      },
      updatePermissionRule(_root, args: { id: string; input: Record<string, unknown> }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        const current = ctx.app.policy.store.rule(args.id);
        if (!current) throw new AppError(ErrorCode.NotFound, `no permission rule with id ${args.id}`);
        const changes = readRuleChanges(args.input, ctx.app.groups, current);
        return commitChange(ctx.app, (at) => ctx.app.policy.store.updateRule(args.id, changes, at));
      },
      deletePermissionRule(_root, args: { id: string }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        return commitChange(ctx.app, () => ctx.app.policy.store.deleteRule(args.id));
      },
      updateFieldDefinition(_root, args: { id: string; input: Record<string, unknown> }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        const entry = requireField(ctx.app.policy, args.id);
        const input = args.input;
        const changes: { label?: string | null; description?: string | null; restricted?: boolean } = {};
        if (input['label'] !== undefined) changes.label = optionalDescription(input['label']);
        if (input['description'] !== undefined) changes.description = optionalDescription(input['description']);
        if (input['restricted'] != null) changes.restricted = input['restricted'] === true;
        return commitChange(
          ctx.app,
          (at) => (ctx.app.policy.store.updateFieldSettings(entry.id, changes, at), fieldDefinitionOf(ctx.app.policy, entry)),
        );
      },
      setFieldPermission(_root, args: { input: Record<string, unknown> }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        const input = args.input;
        const entry = requireField(ctx.app.policy, String(input['fieldId']));
        const subject = readSubject(input, ctx.app.groups);
        return commitChange(ctx.app, (at) =>
          ctx.app.policy.store.setFieldPermission(
            { ...subject, fieldId: entry.id, canRead: input['canRead'] === true, canWrite: input['canWrite'] === true },
            at,
          ),
        );
      },
      deleteFieldPermission(_root, args: { id: string }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        return commitChange(ctx.app, () => ctx.app.policy.store.deleteFieldPermission(args.id));
      },
      setScreenPermission(_root, args: { input: Record<string, unknown> }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        const screen = String(args.input['screen']);
        const screens = ctx.app.policy.engine.screens.map((s) => s.name);
        if (!screens.includes(screen)) throw new AppError(ErrorCode.BadRequest, `unknown screen "${screen}"; known: ${screens.join(', ')}`);
        if (screen === 'access')
          throw new AppError(ErrorCode.BadRequest, 'the access screen follows policy:manage (admins) and cannot be changed');
        const subject = readSubject(args.input, ctx.app.groups);
        return commitChange(ctx.app, (at) =>
          ctx.app.policy.store.setScreenPermission({ ...subject, screen, allowed: args.input['allowed'] === true }, at),
        );
      },
      deleteScreenPermission(_root, args: { id: string }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        return commitChange(ctx.app, () => ctx.app.policy.store.deleteScreenPermission(args.id));
      },
    },
  },
};
