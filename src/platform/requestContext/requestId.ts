/**
 * A request's id: the client's `X-Request-Id` when it is sane, else one made here. Sane: 1 to 128
 * characters from a set that is safe in a log line, a header and a URL (letters, digits and
 * `-_.:/+=@`), so an id a proxy or a client made (a UUID, a ULID, base64) passes and nothing that
 * could forge a log field, split a header or grow without bound does.
 */
import { randomUUID } from 'node:crypto';

const SANE = /^[A-Za-z0-9\-_.:/+=@]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** The client's id when sane; a new UUID otherwise (absent, empty, too long, or a character outside the set). */
export function requestIdOf(header: string | undefined): string {
  return header !== undefined && SANE.test(header) ? header : randomUUID();
}
