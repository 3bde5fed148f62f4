/** Single GraphQL requests from the bench process (seeding, checks, sign-in): fetch over 127.0.0.1. */

export interface GqlResult {
  readonly status: number;
  readonly text: string;
  readonly json: any;
}

export async function gql(baseUrl: string, query: string, variables?: Record<string, unknown>, token?: string): Promise<GqlResult> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(variables ? { query, variables } : { query }),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

/** The `data` of a request that must succeed; throws with the answer otherwise. */
export async function gqlData(baseUrl: string, query: string, variables?: Record<string, unknown>, token?: string): Promise<any> {
  const result = await gql(baseUrl, query, variables, token);
  if (result.status !== 200 || result.json === undefined || result.json.errors !== undefined || result.json.data == null) {
    throw new Error(`GraphQL request failed (${result.status}): ${result.text.slice(0, 400)}\nquery: ${query.slice(0, 200)}`);
  }
  return result.json.data;
}

export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const data = await gqlData(baseUrl, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }', {
    u: username,
    p: password,
  });
  return data.login.accessToken as string;
}

/** Runs `task` over every item with `concurrency` in flight; results in item order; the first failure rejects. */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
