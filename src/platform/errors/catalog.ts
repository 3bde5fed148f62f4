/**
 * The one error catalog. Every failure that reaches a client is one of these codes, whichever way it
 * leaves: an HTTP status (`toHttpStatus`), a GraphQL `extensions.code` (`toGraphQLCode`) or a
 * WebSocket close code (`toCloseCode`). The exhaustive switches make a new code without a mapping a
 * type error.
 */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  /** Someone else holds what was asked for (an edit lock). */
  Conflict: 'CONFLICT',
  /** The request is well formed but cannot be taken as it is (an idempotency key reused for another request). */
  Unprocessable: 'UNPROCESSABLE',
  /** A per-client bound was reached (open subscriptions). */
  LimitExceeded: 'LIMIT_EXCEEDED',
  MethodNotAllowed: 'METHOD_NOT_ALLOWED',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited: 'RATE_LIMITED',
  Unavailable: 'UNAVAILABLE',
  PluginInactive: 'PLUGIN_INACTIVE',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export function toHttpStatus(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.BadRequest:
      return 400;
    case ErrorCode.Unauthenticated:
      return 401;
    case ErrorCode.Forbidden:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.Conflict:
      return 409;
    case ErrorCode.Unprocessable:
      return 422;
    case ErrorCode.LimitExceeded:
      return 429;
    case ErrorCode.MethodNotAllowed:
      return 405;
    case ErrorCode.PayloadTooLarge:
      return 413;
    case ErrorCode.UnsupportedMediaType:
      return 415;
    case ErrorCode.RateLimited:
      return 429;
    case ErrorCode.Unavailable:
      return 503;
    case ErrorCode.PluginInactive:
      return 503;
    case ErrorCode.Internal:
      return 500;
    default:
      return assertNever(code);
  }
}

/** The `extensions.code` of a GraphQL error (UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, ...). */
export type GraphQLErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'LIMIT_EXCEEDED'
  | 'PLUGIN_INACTIVE'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'INTERNAL';

export function toGraphQLCode(code: ErrorCode): GraphQLErrorCode {
  switch (code) {
    case ErrorCode.BadRequest:
    case ErrorCode.MethodNotAllowed:
    case ErrorCode.PayloadTooLarge:
    case ErrorCode.UnsupportedMediaType:
      return 'BAD_USER_INPUT';
    case ErrorCode.Unauthenticated:
      return 'UNAUTHENTICATED';
    case ErrorCode.Forbidden:
      return 'FORBIDDEN';
    case ErrorCode.NotFound:
      return 'NOT_FOUND';
    case ErrorCode.Conflict:
      return 'CONFLICT';
    case ErrorCode.Unprocessable:
      return 'UNPROCESSABLE';
    case ErrorCode.LimitExceeded:
      return 'LIMIT_EXCEEDED';
    case ErrorCode.PluginInactive:
      return 'PLUGIN_INACTIVE';
    case ErrorCode.RateLimited:
      return 'RATE_LIMITED';
    case ErrorCode.Unavailable:
      return 'UNAVAILABLE';
    case ErrorCode.Internal:
      return 'INTERNAL';
    default:
      return assertNever(code);
  }
}

/**
 * WebSocket close codes the server sends: graphql-ws's own numbers (its PROTOCOL.md), and 1013 from
 * the RFC 6455 registry for "try again later", which graphql-ws clients retry.
 */
export const CloseCode = {
  BadRequest: 4400,
  Unauthorized: 4401,
  Forbidden: 4403,
  /** No `connection_init` within the allowed time. */
  ConnectionInitialisationTimeout: 4408,
  /** A second subscription with an id that is in use. */
  SubscriberAlreadyExists: 4409,
  TooManyInitialisationRequests: 4429,
  InternalServerError: 4500,
  TryAgainLater: 1013,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];

/** The close code a connection ends with when `code` ends it. */
export function toCloseCode(code: ErrorCode): CloseCode {
  switch (code) {
    case ErrorCode.BadRequest:
    case ErrorCode.NotFound:
    case ErrorCode.MethodNotAllowed:
    case ErrorCode.PayloadTooLarge:
    case ErrorCode.UnsupportedMediaType:
    case ErrorCode.Unprocessable:
      return CloseCode.BadRequest;
    case ErrorCode.Unauthenticated:
      return CloseCode.Unauthorized;
    case ErrorCode.Forbidden:
      return CloseCode.Forbidden;
    case ErrorCode.PluginInactive:
      return CloseCode.Forbidden;
    case ErrorCode.Conflict:
      return CloseCode.SubscriberAlreadyExists;
    case ErrorCode.LimitExceeded:
      return CloseCode.TooManyInitialisationRequests;
    case ErrorCode.RateLimited:
      return CloseCode.TooManyInitialisationRequests;
    case ErrorCode.Unavailable:
      return CloseCode.TryAgainLater;
    case ErrorCode.Internal:
      return CloseCode.InternalServerError;
    default:
      return assertNever(code);
  }
}

/** A failure meant for the client: code plus a message a person can act on. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function assertNever(value: never): never {
  throw new Error(`unhandled value: ${String(value)}`);
}
