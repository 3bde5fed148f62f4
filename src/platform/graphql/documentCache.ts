/**
 * Parsed and validated documents, cached by their text (clients send the same few queries again
 * and again), with graphql-jit compiled executors for them. A document that fails to parse or
 * validate is cached with its errors, so a client repeating a bad query costs a map lookup.
 * Bounded LRU: a client sending endless distinct queries evicts old entries, nothing grows.
 */
import {
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  NoSchemaIntrospectionCustomRule,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { createQueryLimitsRule, DEFAULT_QUERY_LIMITS, type QueryLimits } from './queryLimits.js';

export type PreparedDocument =
  | { readonly ok: false; readonly errors: readonly GraphQLError[] }
  | {
      readonly ok: true;
      readonly document: DocumentNode;
      /** Compiled executors per operation name ('' for the only operation). */
      readonly compiled: Map<string, CompiledQuery | readonly GraphQLError[]>;
    };

export interface DocumentCacheOptions {
  readonly schema: GraphQLSchema;
  readonly introspection: boolean;
  readonly limits?: QueryLimits;
  /** @default 1000 */
  readonly maxEntries?: number;
  /** Compile with graphql-jit (default true); off runs plain graphql-js `execute`. */
  readonly compile?: boolean;
  /** Keep prepared documents (default true); off parses and validates on every `prepare` (benchmark reference). */
  readonly cache?: boolean;
}

export class DocumentCache {
  private readonly entries = new Map<string, PreparedDocument>();
  private readonly rules: readonly ValidationRule[];
  private readonly limits: QueryLimits;
  private readonly maxEntries: number;

  constructor(private readonly options: DocumentCacheOptions) {
    this.limits = options.limits ?? DEFAULT_QUERY_LIMITS;
    this.maxEntries = options.maxEntries ?? 1000;
    this.rules = [
      ...specifiedRules,
      createQueryLimitsRule(this.limits),
      ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule]),
    ];
  }

  get compiling(): boolean {
    return this.options.compile ?? true;
  }

  prepare(source: string): PreparedDocument {
    if (this.options.cache === false) return this.prepareUncached(source);
    const cached = this.entries.get(source);
    if (cached) {
      // Refresh its place in the LRU order.
      this.entries.delete(source);
      this.entries.set(source, cached);
      return cached;
    }
    const prepared = this.prepareUncached(source);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(source, prepared);
    return prepared;
  }

  /** The compiled executor of one operation of a prepared document (compiled on first use). */
  compiled(prepared: Extract<PreparedDocument, { ok: true }>, operationName: string | null): CompiledQuery | readonly GraphQLError[] {
    const key = operationName ?? '';
    let entry = prepared.compiled.get(key);
    if (entry === undefined) {
      const result = compileQuery(this.options.schema, prepared.document, operationName ?? undefined, { disableLeafSerialization: false });
      entry = isCompiledQuery(result) ? result : (result.errors ?? [new GraphQLError('the query could not be compiled')]);
      prepared.compiled.set(key, entry);
    }
    return entry;
  }

  private prepareUncached(source: string): PreparedDocument {
    let document: DocumentNode;
    try {
      document = parse(source, { maxTokens: this.limits.maxTokens, noLocation: false });
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      // graphql's own wording ("Document contains more that N tokens") does not say it is our limit.
      const overLimit = /contains more tha[nt] \d+ tokens/.test(error.message);
      const message = `query has more than ${this.limits.maxTokens} tokens, the limit per document`;
      return { ok: false, errors: [overLimit ? new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } }) : error] };
    }
    const errors = validate(this.options.schema, document, this.rules, { maxErrors: 20 });
    if (errors.length > 0) return { ok: false, errors };
    return { ok: true, document, compiled: new Map() };
  }
}

export function operationOf(document: DocumentNode, operationName: string | null): OperationDefinitionNode | string {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operationName !== null)
    return operations.find((o) => o.name?.value === operationName) ?? `the document has no operation named ${operationName}`;
  if (operations.length === 1) return operations[0]!;
  return 'the document has several operations; send operationName to pick one';
}
