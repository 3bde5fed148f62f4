import autocannon from 'autocannon';

/** Single requests from the bench process (seeding, status syncs): fetch over 127.0.0.1. */

export interface CallResult {
  readonly status: number;
  readonly json: any;
  /** Wall time from send to the whole answer read, in ms. */
  readonly ms: number;
}

export async function postJson(baseUrl: string, path: string, apiKey: string, body: string | Buffer): Promise<CallResult> {
  const started = performance.now();
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = { unparsable: text.slice(0, 200) };
  }
  return { status: response.status, json, ms };
}

/** Posts every body with `concurrency` requests in flight; throws on the first non-2xx answer. */
export async function postAll(
  baseUrl: string,
  path: string,
  apiKey: string,
  bodies: readonly string[],
  concurrency: number,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const result = await postJson(baseUrl, path, apiKey, body);
      if (result.status < 200 || result.status >= 300) {
        throw new Error(`POST ${path} answered ${result.status}: ${JSON.stringify(result.json).slice(0, 300)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, bodies.length) }, worker));
}

/**
 * Posts every body exactly once as fast as the server answers (autocannon, `connections` in
 * flight); throws unless every answer was 2xx. For seeding many entities (100,000 services).
 */
export async function postEachOnce(
  baseUrl: string,
  path: string,
  apiKey: string,
  bodies: readonly string[],
  connections: number,
): Promise<void> {
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections,
        amount: bodies.length,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            path,
            headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
            setupRequest: (request) => {
              request.body = bodies[next++ % bodies.length]!;
              return request;
            },
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
  });
  if (result['2xx'] !== bodies.length) {
    throw new Error(
      `POST ${path}: ${result['2xx']} of ${bodies.length} answered 2xx (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
    );
  }
}
