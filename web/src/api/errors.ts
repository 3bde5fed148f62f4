/**
 * What went wrong with a GraphQL call, in words a person can act on. The server's coded errors
 * (`extensions.code`) carry their own message; transport failures become one sentence.
 */
import type { CombinedError } from '@urql/core';

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'LIMIT_EXCEEDED'
  | 'PLUGIN_INACTIVE'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'INTERNAL'
  | 'NETWORK';

export interface ApiProblem {
  readonly code: ErrorCode;
  readonly message: string;
}

export function describeError(error: CombinedError): ApiProblem {
  if (error.networkError) {
    return { code: 'NETWORK', message: 'The server could not be reached. Check the connection; the page retries on its own.' };
  }
  const first = error.graphQLErrors[0];
  const code = (first?.extensions?.['code'] as ErrorCode | undefined) ?? 'INTERNAL';
  if (code === 'PLUGIN_INACTIVE') {
    return {
      code,
      message: `${first?.message ?? 'This plugin is not active.'} An admin can activate it under Administration > Licence and plugins.`,
    };
  }
  if (code === 'FORBIDDEN') return { code, message: first?.message ?? 'Your role may not do this.' };
  return { code, message: first?.message ?? error.message };
}
