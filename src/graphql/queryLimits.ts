/**
 * Bounds on one GraphQL request, so a single document cannot multiply the server's work without
 * limit (issue 3; SPEC.md "Maximum query depth is 15"):
 * - depth: nesting of field selections, following fragment spreads (inline fragments add none);
 * - aliases: a field selected under another name is extra work of the same kind (batched logins);
 * - selections: the number of field selections after expanding fragments. Fragment costs are
 *   memoised, so a "fragment bomb" (fragments spreading fragments many times) is measured in linear
 *   time and refused, not expanded.
 * Token count is bounded by the parser (`parse(source, { maxTokens })`) before this rule runs.
 * Fragment cycles are reported by graphql's own NoFragmentCyclesRule; here they count as zero.
 */
import { GraphQLError, Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ASTVisitor } from 'graphql';

export interface QueryLimits {
  /** @default 15 (SPEC.md) */
  readonly maxDepth: number;
  /** @default 30 */
  readonly maxAliases: number;
  /** @default 2000 */
  readonly maxSelections: number;
  /** For the parser. @default 5000 */
  readonly maxTokens: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { maxDepth: 15, maxAliases: 30, maxSelections: 2000, maxTokens: 5000 };

interface Measure {
  readonly depth: number;
  readonly aliases: number;
  readonly selections: number;
}

const ZERO: Measure = { depth: 0, aliases: 0, selections: 0 };

export function createQueryLimitsRule(limits: QueryLimits = DEFAULT_QUERY_LIMITS) {
  return function QueryLimitsRule(context: ValidationContext): ASTVisitor {
    const memo = new Map<string, Measure>();
    const measureFragment = (fragment: FragmentDefinitionNode, visiting: Set<string>): Measure => {
      const name = fragment.name.value;
      const known = memo.get(name);
      if (known) return known;
      if (visiting.has(name)) return ZERO;
      visiting.add(name);
      const measured = measure(fragment.selectionSet, visiting);
      visiting.delete(name);
      memo.set(name, measured);
      return measured;
    };
    const measure = (selectionSet: SelectionSetNode, visiting: Set<string>): Measure => {
      let depth = 0;
      let aliases = 0;
      let selections = 0;
      for (const selection of selectionSet.selections) {
        let inner: Measure;
        if (selection.kind === Kind.FIELD) {
          const sub = selection.selectionSet ? measure(selection.selectionSet, visiting) : ZERO;
          inner = { depth: sub.depth + 1, aliases: sub.aliases + (selection.alias ? 1 : 0), selections: sub.selections + 1 };
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          inner = measure(selection.selectionSet, visiting);
        } else {
          const fragment = context.getFragment(selection.name.value);
          inner = fragment ? measureFragment(fragment, visiting) : ZERO;
        }
        depth = Math.max(depth, inner.depth);
        // Saturate: the numbers only need to say "over the limit", and a bomb would overflow them.
        aliases = Math.min(aliases + inner.aliases, Number.MAX_SAFE_INTEGER);
        selections = Math.min(selections + inner.selections, Number.MAX_SAFE_INTEGER);
      }
      return { depth, aliases, selections };
    };

    return {
      OperationDefinition(operation) {
        const { depth, aliases, selections } = measure(operation.selectionSet, new Set());
        const report = (message: string) => context.reportError(new GraphQLError(message, { nodes: [operation], extensions: { code: 'BAD_USER_INPUT' } }));
        if (depth > limits.maxDepth) report(`query depth ${depth} exceeds the maximum of ${limits.maxDepth}`);
        if (aliases > limits.maxAliases) report(`query uses ${aliases} aliases; at most ${limits.maxAliases} are allowed`);
        if (selections > limits.maxSelections) report(`query selects ${selections} fields after expanding fragments; at most ${limits.maxSelections} are allowed`);
      },
    };
  };
}
