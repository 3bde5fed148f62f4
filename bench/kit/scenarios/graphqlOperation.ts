/** A GraphQL request as an engine operation: POST /graphql with the operator's bearer token. */
import type { Operation } from '../operation.js';

export function graphqlOperation(
  name: string,
  token: string,
  query: string,
  variables: Readonly<Record<string, unknown>>,
  onAnswer?: (body: Buffer, at: number) => void,
): Operation {
  return {
    name,
    method: 'POST',
    path: '/graphql',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
    graphql: true,
    ...(onAnswer ? { onAnswer } : {}),
  };
}

/** POST /graphql from set-up code; the `data`, or an error naming the first GraphQL error. */
export async function graphqlData(base: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await response.json()) as { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  if (json.errors?.length || json.data == null) {
    const error = json.errors?.[0];
    throw new Error(`GraphQL ${query.slice(0, 60)}... failed: ${error?.extensions?.code ?? response.status} ${error?.message ?? ''}`);
  }
  return json.data;
}
