import autocannon from 'autocannon';

/**
 * Posts every body exactly once to `path` as fast as the server answers (autocannon, `connections`
 * in flight), with `headers` (a bearer token); throws unless every answer was 2xx. GraphQL answers
 * errors with 200, so callers check the effect in the database as well. Returns the seconds taken.
 */
export async function sendEachOnce(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  bodies: readonly string[],
  connections: number,
): Promise<number> {
  if (bodies.length === 0) return 0;
  let next = 0;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: Math.min(connections, bodies.length),
        amount: bodies.length,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            path,
            headers: { 'content-type': 'application/json', ...headers },
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
  return (performance.now() - started) / 1000;
}
