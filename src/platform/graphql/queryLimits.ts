/**
 * Bounds on one GraphQL request, so a single document cannot multiply the server's work without
 * limit (SPEC.md "Maximum query depth is 15"):
 * - depth: nesting of field selections, following fragment spreads (inline fragments add none);
 * - aliases: a field selected under another name is extra work of the same kind (batched logins);
 * - selections: the number of field selections after expanding fragments. Fragment costs are
 *   memoised, so a "fragment bomb" (fragments spreading fragments many times) is measured in linear
 *   time and refused, not expanded.
 * Token count is bounded by the parser (`parse(source, { maxTokens })`) before this rule runs.
 * Fragment cycles are reported by graphql's own NoFragmentCyclesRule; here they count as zero.
 */
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

export interface QueryLimits {
  /** @default 15 (SPEC.md) */
  readonly maxDepth: number;
  /** @default 30 */
  readonly maxAliases: number;
  /** @default 2000 */
  readonly maxSelections: number;
  /** For the parser. @default 5000 */
  readonly maxTokens: number;
  /**
   * Estimated fields resolved: each field counts 1, times the sizes of the lists above it. A list's
   * size is its `limit` argument (a literal; a variable counts as the largest page, 1000), the
   * field's default `limit`, or 10 for a relation list without one. @default 200000
   */
  readonly maxCost?: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { maxDepth: 15, maxAliases: 30, maxSelections: 2000, maxTokens: 5000, maxCost: 200_000 };

const RELATION_LIST_ESTIMATE = 10;
const VARIABLE_LIMIT_ESTIMATE = 1000;

interface Measure {
  readonly depth: number;
  readonly aliases: number;
  readonly selections: number;
  readonly cost: number;
}

const ZERO: Measure = { depth: 0, aliases: 0, selections: 0, cost: 0 };
const cap = (n: number) => Math.min(n, Number.MAX_SAFE_INTEGER);

function fieldOf(parent: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  return parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
}

/** How many items a list field is expected to return (see QueryLimits.maxCost). */
function listSize(node: FieldNode, field: GraphQLField<unknown, unknown>): number {
  const argument = node.arguments?.find((a) => a.name.value === 'limit');
  if (argument?.value.kind === Kind.INT) return Number(argument.value.value);
  if (argument?.value.kind === Kind.VARIABLE) return VARIABLE_LIMIT_ESTIMATE;
  const declared = field.args.find((a) => a.name === 'limit')?.defaultValue;
  return typeof declared === 'number' ? declared : RELATION_LIST_ESTIMATE;
}

export function createQueryLimitsRule(limits: QueryLimits = DEFAULT_QUERY_LIMITS) {
  return function QueryLimitsRule(context: ValidationContext): ASTVisitor {
    const memo = new Map<string, Measure>();
    const schema = context.getSchema();
    const measureFragment = (fragment: FragmentDefinitionNode, visiting: Set<string>): Measure => {
      const name = fragment.name.value;
      const known = memo.get(name);
      if (known) return known;
      if (visiting.has(name)) return ZERO;
      visiting.add(name);
      const measured = measure(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value), visiting);
      visiting.delete(name);
      memo.set(name, measured);
      return measured;
    };
    const measure = (selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined, visiting: Set<string>): Measure => {
      let depth = 0;
      let aliases = 0;
      let selections = 0;
      let cost = 0;
      for (const selection of selectionSet.selections) {
        let inner: Measure;
        if (selection.kind === Kind.FIELD) {
          const field = fieldOf(parent, selection.name.value);
          const sub = selection.selectionSet
            ? measure(selection.selectionSet, field ? getNamedType(field.type) : undefined, visiting)
            : ZERO;
          const multiplier = field && isListType(getNullableType(field.type)) ? listSize(selection, field) : 1;
          inner = {
            depth: sub.depth + 1,
            aliases: sub.aliases + (selection.alias ? 1 : 0),
            selections: sub.selections + 1,
            cost: cap(1 + multiplier * sub.cost),
          };
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const typed = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
          inner = measure(selection.selectionSet, typed ?? undefined, visiting);
        } else {
          const fragment = context.getFragment(selection.name.value);
          inner = fragment ? measureFragment(fragment, visiting) : ZERO;
        }
        depth = Math.max(depth, inner.depth);
        // Saturate: the numbers only need to say "over the limit", and a bomb would overflow them.
        aliases = Math.min(aliases + inner.aliases, Number.MAX_SAFE_INTEGER);
        selections = cap(selections + inner.selections);
        cost = cap(cost + inner.cost);
      }
      return { depth, aliases, selections, cost };
    };

    return {
      OperationDefinition(operation) {
        const root =
          operation.operation === 'query'
            ? schema.getQueryType()
            : operation.operation === 'mutation'
              ? schema.getMutationType()
              : schema.getSubscriptionType();
        const { depth, aliases, selections, cost } = measure(operation.selectionSet, root ?? undefined, new Set());
        const report = (message: string) =>
          context.reportError(new GraphQLError(message, { nodes: [operation], extensions: { code: 'BAD_USER_INPUT' } }));
        if (depth > limits.maxDepth) report(`query depth ${depth} exceeds the maximum of ${limits.maxDepth}`);
        if (aliases > limits.maxAliases) report(`query uses ${aliases} aliases; at most ${limits.maxAliases} are allowed`);
        const maxCost = limits.maxCost ?? DEFAULT_QUERY_LIMITS.maxCost!;
        if (cost > maxCost)
          report(
            `query would resolve about ${cost} fields (lists multiply by their limit); at most ${maxCost} are allowed: ask for smaller pages or fewer nested lists`,
          );
        if (selections > limits.maxSelections)
          report(`query selects ${selections} fields after expanding fragments; at most ${limits.maxSelections} are allowed`);
      },
    };
  };
}
