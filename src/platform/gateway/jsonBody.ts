/**
 * A request's JSON object body, decoded and parsed with errors a client can act on (400). POST
 * /graphql reads its body with it; the core's field readers (src/core/protocol/fields.ts) re-export it.
 */
import { isUtf8 } from 'node:buffer';
import { AppError, ErrorCode } from '../errors/catalog.js';

export type Json = Readonly<Record<string, unknown>>;

/** Decodes and parses a JSON object body. */
export function parseJsonObject(body: Buffer): Json {
  if (body.length === 0) throw badRequest('request body is empty; send a JSON object');
  // Native validation, then decoding: cheaper than a fatal TextDecoder on multi-megabyte syncs.
  if (!isUtf8(body)) throw badRequest('request body is not valid UTF-8');
  const text = body.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`request body is not valid JSON: ${(error as Error).message}`);
  }
  return expectObject(value, 'request body');
}

export function expectObject(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(`${what} must be a JSON object`);
  return value as Json;
}

function badRequest(message: string): AppError {
  return new AppError(ErrorCode.BadRequest, message);
}
