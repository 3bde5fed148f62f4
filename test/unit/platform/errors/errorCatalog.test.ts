/**
 * The error catalog: each code's HTTP status, GraphQL code and WebSocket close code, and a commit
 * failure as the catalog's `Unavailable`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError, CloseCode, ErrorCode, toCloseCode, toGraphQLCode, toHttpStatus } from '../../../../src/platform/errors/catalog.js';
import { CommitError } from '../../../../src/platform/persistence/batchWriter.js';

const TABLE: ReadonlyArray<readonly [ErrorCode, number, string, number]> = [
  [ErrorCode.BadRequest, 400, 'BAD_USER_INPUT', 4400],
  [ErrorCode.Unauthenticated, 401, 'UNAUTHENTICATED', 4401],
  [ErrorCode.Forbidden, 403, 'FORBIDDEN', 4403],
  [ErrorCode.NotFound, 404, 'NOT_FOUND', 4400],
  [ErrorCode.Conflict, 409, 'CONFLICT', 4409],
  [ErrorCode.Unprocessable, 422, 'UNPROCESSABLE', 4400],
  [ErrorCode.LimitExceeded, 429, 'LIMIT_EXCEEDED', 4429],
  [ErrorCode.MethodNotAllowed, 405, 'BAD_USER_INPUT', 4400],
  [ErrorCode.PayloadTooLarge, 413, 'BAD_USER_INPUT', 4400],
  [ErrorCode.UnsupportedMediaType, 415, 'BAD_USER_INPUT', 4400],
  [ErrorCode.RateLimited, 429, 'RATE_LIMITED', 4429],
  [ErrorCode.Unavailable, 503, 'UNAVAILABLE', 1013],
  [ErrorCode.PluginInactive, 503, 'PLUGIN_INACTIVE', 4403],
  [ErrorCode.Internal, 500, 'INTERNAL', 4500],
];

describe('error catalog', () => {
  it('the table covers every code', () => {
    assert.deepEqual(TABLE.map(([code]) => code).sort(), Object.values(ErrorCode).sort());
  });

  for (const [code, status, graphql, close] of TABLE) {
    it(`${code} is HTTP ${status}, GraphQL ${graphql}, close code ${close}`, () => {
      assert.equal(toHttpStatus(code), status);
      assert.equal(toGraphQLCode(code), graphql);
      assert.equal(toCloseCode(code), close);
    });
  }

  it('the close codes are graphql-ws protocol numbers', () => {
    assert.deepEqual(
      { ...CloseCode },
      {
        BadRequest: 4400,
        Unauthorized: 4401,
        Forbidden: 4403,
        ConnectionInitialisationTimeout: 4408,
        SubscriberAlreadyExists: 4409,
        TooManyInitialisationRequests: 4429,
        InternalServerError: 4500,
        TryAgainLater: 1013,
      },
    );
  });

  it('a commit failure is the catalog error Unavailable with Retry-After 1, a message safe for clients and the cause kept apart', () => {
    const cause = new Error('duplicate key value violates unique constraint "services_pkey"');
    const error = new CommitError(cause);
    assert.ok(error instanceof AppError);
    assert.equal(error.code, ErrorCode.Unavailable);
    assert.equal(toHttpStatus(error.code), 503);
    assert.equal(error.cause, cause);
    assert.doesNotMatch(error.message, /duplicate|constraint/);
    assert.deepEqual(error.headers, { 'retry-after': '1' });
  });
});
