/**
 * POST /graphql: read the bearer token, decode the body, take the prepared document from the
 * cache, execute it (graphql-jit compiled, or plain graphql-js), format errors. Transport-level
 * failures (bad JSON, unknown operation, invalid document) answer 400 with GraphQL-shaped errors;
 * a presented but invalid, expired or revoked token answers 401 so clients know to refresh.
 * Resolver errors answer 200 with `errors`, each with `extensions.code`.
 */
import {
  execute,
  GraphQLError,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { CompiledQuery } from 'graphql-jit';
import type { PersonAuthenticator } from '../gateway/personAuth.js';
import type { Viewer } from '../gateway/viewer.js';
import { AppError, ErrorCode } from '../errors/catalog.js';
import { ShardElsewhereError } from '../errors/shardElsewhere.js';
import { jsonReply, type Reply } from '../gateway/http.js';
import type { RestRequest } from '../gateway/routes.js';
import type { Logger } from '../log/logger.js';
import { parseJsonObject } from '../gateway/jsonBody.js';
import type { GraphQLContext } from './context.js';
import type { BatchWriter } from '../persistence/batchWriter.js';
import { DocumentCache, operationOf } from './documentCache.js';
import { createErrorFormatter, requestError, type FormattedError } from './errors.js';
import type { QueryLimits } from './queryLimits.js';

export interface GraphQLExecutorOptions {
  readonly schema: GraphQLSchema;
  /** Every module's services: `ctx.app` of every resolver. */
  readonly app: object;
  /** Mutations are refused while it is overloaded. */
  readonly writer: Pick<BatchWriter, 'overloaded'>;
  readonly auth: PersonAuthenticator;
  readonly production: boolean;
  readonly introspection: boolean;
  readonly logger: Logger;
  readonly limits?: QueryLimits;
  /** @default true */
  readonly compile?: boolean;
  /** Runs on every executed answer before it is sent (the policy's field filter: fields the viewer may not read become null). */
  readonly resultFilter?: (document: DocumentNode, operationName: string | null, context: unknown, result: ExecutionResult) => void;
  /**
   * `plain`: parse, validate and execute (graphql-js) every request, nothing cached, as the
   * reference of bench/graphql.ts (SVC_GRAPHQL_EXECUTION). Overrides `compile`. @default 'compiled'
   */
  readonly execution?: 'compiled' | 'plain';
}

const MAX_QUERY_LENGTH = 256 * 1024;

export function createGraphQLExecutor(options: GraphQLExecutorOptions) {
  const cache = new DocumentCache({
    schema: options.schema,
    introspection: options.introspection,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.compile !== undefined ? { compile: options.compile } : {}),
    ...(options.execution === 'plain' ? { compile: false, cache: false } : {}),
  });
  const formatError = createErrorFormatter({ production: options.production, logger: options.logger });
  const errorsReply = (status: number, errors: readonly FormattedError[], headers?: Record<string, string>) =>
    jsonReply(status, { errors }, headers);

  async function viewerOf(request: RestRequest): Promise<{ viewer: Viewer | null } | { reply: Reply }> {
    const header = request.head.headers['authorization'];
    if (header === undefined) return { viewer: null };
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match)
      return {
        reply: errorsReply(401, [requestError('Authorization must be "Bearer <accessToken>"', 'UNAUTHENTICATED')], {
          'www-authenticate': 'Bearer',
        }),
      };
    const result = await options.auth.authenticate(match[1]!);
    if (result.ok) return { viewer: result.viewer };
    const message = {
      invalid: 'access token is not valid; sign in again',
      expired: 'access token expired; use refreshToken to get a new one',
      revoked: 'session has ended; sign in again',
    }[result.reason];
    return {
      reply: errorsReply(401, [{ message, extensions: { code: 'UNAUTHENTICATED', reason: result.reason } }], {
        'www-authenticate': `Bearer error="invalid_token"`,
      }),
    };
  }

  return {
    cache,
    async handle(request: RestRequest): Promise<Reply> {
      const who = await viewerOf(request);
      if ('reply' in who) return who.reply;

      let query: string;
      let variables: Record<string, unknown> | undefined;
      let operationName: string | null;
      try {
        const body = parseJsonObject(request.body);
        ({ query, variables, operationName } = readRequest(body));
      } catch (error) {
        if (error instanceof AppError) return errorsReply(400, [requestError(error.message)]);
        throw error;
      }

      const prepared = cache.prepare(query);
      if (!prepared.ok) return errorsReply(400, prepared.errors.map(formatError));
      const operation = operationOf(prepared.document, operationName);
      if (typeof operation === 'string') return errorsReply(400, [requestError(operation)]);
      if (operation.operation === 'subscription')
        return errorsReply(400, [requestError('subscriptions are served over WebSocket at /graphql/ws (graphql-ws protocol)')]);
      if (operation.operation === 'mutation' && options.writer.overloaded) {
        // Refused before anything is applied: a mutation answered 503 has changed nothing.
        return errorsReply(503, [requestError('the database is not keeping up with writes; retry shortly', 'UNAVAILABLE')], {
          'retry-after': '1',
        });
      }

      const context: GraphQLContext<object> = {
        viewer: who.viewer,
        client: { address: request.clientAddress, userAgent: request.head.headers['user-agent'] ?? null },
        app: options.app,
      };
      let result: ExecutionResult;
      if (cache.compiling) {
        const compiled = cache.compiled(prepared, operationName);
        if (isErrorList(compiled)) return errorsReply(400, compiled.map(formatError));
        result = await compiled.query(undefined, context, variables ?? {});
      } else {
        result = await execute({
          schema: options.schema,
          document: prepared.document,
          contextValue: context,
          variableValues: variables ?? null,
          operationName,
        });
      }
      // Cluster mode: every field of a mutation was refused because its entity is owned elsewhere, so nothing
      // was applied: the request goes whole to the owner (the gateway's `elsewhere`, docs/adr/0067).
      if (operation.operation === 'mutation') {
        const elsewhere = wholeMutationElsewhere(operation, result);
        if (elsewhere !== undefined) throw elsewhere;
      }
      options.resultFilter?.(prepared.document, operationName, context, result);
      const body: { data?: unknown; errors?: FormattedError[] } = {};
      if (result.errors && result.errors.length > 0)
        body.errors = result.errors.map((e) => formatError(e instanceof GraphQLError ? e : new GraphQLError(String(e))));
      if ('data' in result) body.data = result.data;
      // Variable coercion failures come back without data: the request itself was bad.
      const status = result.data === undefined && body.errors ? 400 : 200;
      return jsonReply(status, body);
    },
  };
}

function readRequest(body: Readonly<Record<string, unknown>>): {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | null;
} {
  const { query, variables, operationName } = body;
  if (typeof query !== 'string' || query.trim() === '')
    throw new AppError(ErrorCode.BadRequest, 'field "query" must be a non-empty string holding a GraphQL document');
  if (query.length > MAX_QUERY_LENGTH) throw new AppError(ErrorCode.BadRequest, 'field "query" is too long');
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    throw new AppError(ErrorCode.BadRequest, 'field "variables" must be a JSON object');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw new AppError(ErrorCode.BadRequest, 'field "operationName" must be a string');
  }
  return {
    query,
    variables: (variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: (operationName as string | null | undefined) ?? null,
  };
}

function isErrorList(value: CompiledQuery | readonly GraphQLError[]): value is readonly GraphQLError[] {
  return Array.isArray(value);
}

/**
 * The refusal to forward when nothing of a mutation ran: its first root field failed with `ShardElsewhereError`
 * (thrown before any change) and so did every field after it (or none ran: a non-null field's failure ends a
 * mutation). Undefined when any field ran or failed otherwise; the answer is then the result as it is, each refused
 * field a retryable UNAVAILABLE error (docs/adr/0061 item 6).
 */
function wholeMutationElsewhere(operation: OperationDefinitionNode, result: ExecutionResult): ShardElsewhereError | undefined {
  if (!result.errors || result.errors.length === 0) return undefined;
  const first = operation.selectionSet.selections[0];
  if (first?.kind !== Kind.FIELD) return undefined;
  const firstKey = first.alias?.value ?? first.name.value;
  const shards = new Set<number>();
  const held = new Set<number>();
  let firstRefused = false;
  for (const error of result.errors) {
    const cause = error.originalError;
    if (!(cause instanceof ShardElsewhereError) || error.path?.length !== 1) return undefined;
    if (error.path[0] === firstKey) firstRefused = true;
    for (const shard of cause.shards) shards.add(shard);
    for (const shard of cause.held) held.add(shard);
  }
  if (!firstRefused) return undefined;
  if (result.data != null && Object.values(result.data).some((value) => value !== null)) return undefined;
  for (const shard of shards) held.delete(shard);
  return new ShardElsewhereError(
    [...shards].sort((a, b) => a - b),
    [...held].sort((a, b) => a - b),
  );
}
