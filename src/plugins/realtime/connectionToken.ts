/**
 * Where a graphql-ws client puts its access token, in the order the server looks: the connection
 * parameter `token` (ours), `authorization: "Bearer ..."` (Apollo's and many examples' habit; any
 * case of the key), `headers: { Authorization: "Bearer ..." }` (Hasura's; any case of the key), then
 * the upgrade request's `Authorization: Bearer` header. Anything else is no token, refused with
 * `MISSING_TOKEN`, which names every accepted spelling.
 */
/** A close reason, so at most 123 bytes (RFC 6455): it names the spellings, the README shows them. */
export const MISSING_TOKEN =
  'Unauthorized: send the token as connectionParams token, authorization or headers.Authorization, or Authorization: Bearer';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The access token a connection presents, or null when it presents none in a form the server reads. */
export function connectionToken(
  params: Readonly<Record<string, unknown>> | undefined,
  upgradeAuthorization: string | undefined,
): string | null {
  const token = params?.['token'];
  if (typeof token === 'string' && token !== '') return token.replace(/^Bearer\s+/i, '');
  const fromParams = bearer(authorizationOf(params));
  if (fromParams !== null) return fromParams;
  const headers = params?.['headers'];
  if (typeof headers === 'object' && headers !== null && !Array.isArray(headers)) {
    const fromHeaders = bearer(authorizationOf(headers as Readonly<Record<string, unknown>>));
    if (fromHeaders !== null) return fromHeaders;
  }
  return bearer(upgradeAuthorization);
}

/** The value of an `authorization` key in any case (`Authorization`, `AUTHORIZATION`, ...). */
function authorizationOf(record: Readonly<Record<string, unknown>> | undefined): unknown {
  if (record === undefined) return undefined;
  for (const key of Object.keys(record)) if (key.toLowerCase() === 'authorization') return record[key];
  return undefined;
}

function bearer(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return BEARER.exec(value)?.[1] ?? null;
}
