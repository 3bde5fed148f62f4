/**
 * GraphQL errors as clients see them: every error carries `extensions.code` from the catalog.
 * An unexpected error is logged with its stack and shown as INTERNAL; its message is shown only
 * in development. Stack traces never leave the server.
 */
import { GraphQLError } from 'graphql';
import { AppError, toGraphQLCode, type GraphQLErrorCode } from '../errors/catalog.js';
import type { Logger } from '../log/logger.js';

export interface FormattedError {
  readonly message: string;
  readonly locations?: readonly { line: number; column: number }[];
  readonly path?: readonly (string | number)[];
  readonly extensions: { readonly code: GraphQLErrorCode } & Record<string, unknown>;
}

export function requestError(message: string, code: GraphQLErrorCode = 'BAD_USER_INPUT'): FormattedError {
  return { message, extensions: { code } };
}

export function createErrorFormatter(options: { readonly production: boolean; readonly logger: Logger }) {
  return function formatError(error: GraphQLError): FormattedError {
    const original = error.originalError;
    const where = { ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) };
    // Commit failures are catalog errors too (CommitError is `Unavailable`).
    if (original instanceof AppError) {
      const retryAfter = original.headers['retry-after'];
      return {
        message: original.message,
        ...where,
        extensions: { code: toGraphQLCode(original.code), ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}) },
      };
    }
    if (original === undefined || original instanceof GraphQLError) {
      // Parse, validation and variable-coercion errors: the client's input is at fault.
      const code = (error.extensions?.['code'] as GraphQLErrorCode | undefined) ?? 'BAD_USER_INPUT';
      return { message: error.message, ...where, extensions: { code } };
    }
    options.logger.error('unexpected error in a GraphQL resolver', { path: error.path?.join('.'), error: original });
    const message = options.production ? 'internal error; the server log has the details' : `internal error: ${original.message}`;
    return { message, ...where, extensions: { code: 'INTERNAL' } };
  };
}
