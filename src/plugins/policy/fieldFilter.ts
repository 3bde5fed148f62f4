/**
 * Field hiding, once for every answer: after a GraphQL operation executes (POST /graphql, and each
 * subscription payload in the fan-out hub), fields the viewer may not read are set to null. Which
 * response paths hold protected fields is worked out once per (document, operation) from the
 * schema and cached with the document (a "plan"); a viewer who may read every field, or a document
 * that selects no protected field, costs one check. Lists, aliases, fragments and nested objects
 * are followed. For a field of an abstract type (interface, union) the plan applies the fields of
 * every protected member type with that response name.
 */
import {
  getNamedType,
  isAbstractType,
  isObjectType,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { Viewer } from '../../core/auth/roles.js';
import { AccessProfile } from './accessProfile.js';
import type { FieldCatalog } from './fieldCatalog.js';

interface PlanNode {
  /** Protected fields at this level: response key and catalog index. */
  readonly fields: { readonly key: string; readonly index: number }[];
  readonly children: { readonly key: string; readonly node: PlanNode }[];
}

interface Plan {
  readonly root: PlanNode;
  /** Every catalog index the plan touches, to skip viewers who may read all of them. */
  readonly indexes: readonly number[];
}

export type ResultFilter = (document: DocumentNode, operationName: string | null, context: unknown, result: ExecutionResult) => void;

export function createFieldFilter(schema: GraphQLSchema, catalog: FieldCatalog, enabled: () => boolean): ResultFilter {
  const plans = new WeakMap<DocumentNode, Map<string, Plan | null>>();

  const planOf = (document: DocumentNode, operationName: string | null): Plan | null => {
    let byOperation = plans.get(document);
    if (!byOperation) plans.set(document, (byOperation = new Map()));
    const key = operationName ?? '';
    let plan = byOperation.get(key);
    if (plan === undefined) {
      plan = buildPlan(schema, catalog, document, operationName);
      byOperation.set(key, plan);
    }
    return plan;
  };

  return (document, operationName, context, result) => {
    if (!enabled() || result.data === null || result.data === undefined) return;
    const access = (context as { viewer?: Viewer | null }).viewer?.access;
    if (!(access instanceof AccessProfile)) return;
    const hidden = access.hidden();
    if (hidden === null) return;
    const plan = planOf(document, operationName);
    if (plan === null || !plan.indexes.some((i) => hidden[i] === 1)) return;
    apply(result.data as Record<string, unknown>, plan.root, hidden);
  };
}

function apply(value: unknown, node: PlanNode, hidden: Uint8Array): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) apply(item, node, hidden);
    return;
  }
  const object = value as Record<string, unknown>;
  for (const field of node.fields) if (hidden[field.index] === 1 && field.key in object) object[field.key] = null;
  for (const child of node.children) apply(object[child.key], child.node, hidden);
}

function buildPlan(schema: GraphQLSchema, catalog: FieldCatalog, document: DocumentNode, operationName: string | null): Plan | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation = null;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    else if (definition.kind === Kind.OPERATION_DEFINITION && (operationName === null || definition.name?.value === operationName))
      operation ??= definition;
  }
  if (!operation) return null;
  const root = schema.getRootType(operation.operation);
  if (!root) return null;
  const indexes = new Set<number>();
  const node = planFor([root], operation.selectionSet, schema, catalog, fragments, indexes, 0);
  return node === null ? null : { root: node, indexes: [...indexes] };
}

/** The plan of a selection set on one of `types` (several for an abstract type); null: nothing protected below. */
function planFor(
  types: readonly GraphQLObjectType[],
  selectionSet: SelectionSetNode,
  schema: GraphQLSchema,
  catalog: FieldCatalog,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  indexes: Set<number>,
  depth: number,
): PlanNode | null {
  if (depth > 32) return null;
  const fields: PlanNode['fields'] = [];
  const children: PlanNode['children'] = [];
  const visit = (set: SelectionSetNode, seen: Set<string>) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !seen.has(fragment.name.value)) visit(fragment.selectionSet, new Set([...seen, fragment.name.value]));
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, seen);
        continue;
      }
      const name = selection.name.value;
      const key = selection.alias?.value ?? name;
      const childTypes: GraphQLObjectType[] = [];
      for (const type of types) {
        const entry = catalog.byType.get(type.name)?.get(name);
        if (entry && !fields.some((f) => f.key === key && f.index === entry.index)) {
          fields.push({ key, index: entry.index });
          indexes.add(entry.index);
        }
        const field = type.getFields()[name];
        if (field && selection.selectionSet) childTypes.push(...objectTypesOf(schema, getNamedType(field.type)));
      }
      if (selection.selectionSet && childTypes.length > 0) {
        const child = planFor(childTypes, selection.selectionSet, schema, catalog, fragments, indexes, depth + 1);
        if (child) children.push({ key, node: child });
      }
    }
  };
  visit(selectionSet, new Set());
  return fields.length === 0 && children.length === 0 ? null : { fields, children };
}

function objectTypesOf(schema: GraphQLSchema, type: GraphQLNamedType): GraphQLObjectType[] {
  if (isObjectType(type)) return [type];
  if (isAbstractType(type)) return [...schema.getPossibleTypes(type)];
  return [];
}
