/**
 * The deployment under test and the checks made before any load: the URL must be a running
 * svc-ops-monitor (`GET /health`), the API key must be accepted (`GET /api/v1/operator/nodes`), the
 * user and password must sign in. A host that is not this machine needs `--confirm-target <host>`
 * with the same host, so a typo cannot load-test someone else's server.
 */
import { networkInterfaces } from 'node:os';

export interface Target {
  readonly url: URL;
  /** `http://host:port` without a trailing slash. */
  readonly base: string;
  readonly apiKey: string;
  /** A bearer token when a user signed in (dashboards, desk, cleanup). */
  readonly token?: string;
  readonly version: string;
  /** Bearer token for `/metrics` when it is protected. */
  readonly metricsToken?: string;
  /** Where the server's metrics are: `<base>/metrics`, or its own listener (SVC_METRICS_ADDRESS). */
  readonly metricsUrl: string;
}

/** A problem the user must fix before a run: the CLI prints the message and exits 2. */
export class TargetError extends Error {}

export interface TargetOptions {
  readonly url: string;
  readonly apiKey?: string;
  readonly user?: string;
  readonly password?: string;
  readonly confirmTarget?: string;
  readonly metricsToken?: string;
  readonly metricsUrl?: string;
  /** Whether the scenario needs a signed-in person. */
  readonly needsUser: boolean;
}

/** Parses the target's URL; only http (the generator speaks plain HTTP/1.1; put TLS in front of a local port-forward). */
export function parseTargetUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TargetError(`--target ${JSON.stringify(text)} is not a URL; write it as http://host:port`);
  }
  if (url.protocol !== 'http:')
    throw new TargetError(`--target ${text}: only http:// targets are supported (for https, port-forward or use a local proxy)`);
  if (url.pathname !== '/' && url.pathname !== '')
    throw new TargetError(`--target ${text}: give the server's base URL without a path (http://host:port)`);
  return url;
}

/** Whether a host name is this machine: localhost, a loopback address, or one of its interfaces' addresses. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host)) return true;
  return Object.values(networkInterfaces())
    .flat()
    .some((address) => address?.address.toLowerCase() === host);
}

/** Refuses a host that is not this machine unless `--confirm-target` names it. */
export function checkConfirmed(url: URL, confirmTarget: string | undefined): void {
  if (isLocalHost(url.hostname)) return;
  if (confirmTarget === undefined)
    throw new TargetError(
      `${url.hostname} is not this machine: a load test of it needs --confirm-target ${url.hostname} (so that a typo does not load-test someone else's server)`,
    );
  if (confirmTarget !== url.hostname && confirmTarget !== url.host)
    throw new TargetError(`--confirm-target ${confirmTarget} does not match the target's host ${url.hostname}; nothing was sent`);
}

async function request(url: string, init: RequestInit): Promise<{ status: number; text: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new TargetError(`nothing answered at ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}; is --target right?`);
  }
}

/** The checks before any load; returns the target with a bearer token when a user was given. */
export async function connectTarget(options: TargetOptions): Promise<Target> {
  const url = parseTargetUrl(options.url);
  checkConfirmed(url, options.confirmTarget);
  const base = `${url.protocol}//${url.host}`;
  const health = await request(`${base}/health`, {});
  let body: { status?: unknown; version?: unknown } | undefined;
  try {
    body = JSON.parse(health.text);
  } catch {
    body = undefined;
  }
  if (health.status !== 200 || typeof body?.status !== 'string')
    throw new TargetError(
      `${base}/health answered ${health.status} ${health.text.slice(0, 120)}: this does not look like svc-ops-monitor; is --target right?`,
    );
  // A production server may leave its version out of /health.
  const version = typeof body.version === 'string' ? body.version : 'not shown';
  const apiKey = options.apiKey ?? '';
  const nodes = await request(`${base}/api/v1/operator/nodes`, { headers: { 'x-api-key': apiKey } });
  if (nodes.status === 401 || nodes.status === 403)
    throw new TargetError(
      apiKey === ''
        ? `${base} needs an API key (answered ${nodes.status}); pass --api-key or SVC_BENCH_API_KEY`
        : `the API key was refused (${nodes.status} ${nodes.text.slice(0, 120)}); check --api-key`,
    );
  if (nodes.status !== 200) throw new TargetError(`${base}/api/v1/operator/nodes answered ${nodes.status}: ${nodes.text.slice(0, 200)}`);
  let token: string | undefined;
  if (options.user !== undefined || options.needsUser) {
    if (options.user === undefined || options.password === undefined)
      throw new TargetError('this scenario signs in as an operator: pass --user and --password (or SVC_BENCH_PASSWORD)');
    const login = await request(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }',
        variables: { u: options.user, p: options.password },
      }),
    });
    let json: { data?: { login?: { accessToken?: string } }; errors?: Array<{ message?: string }> } = {};
    try {
      json = JSON.parse(login.text);
    } catch {
      // reported below
    }
    token = json.data?.login?.accessToken;
    if (token === undefined)
      throw new TargetError(
        `sign-in of ${options.user} failed: ${json.errors?.[0]?.message ?? `${login.status} ${login.text.slice(0, 120)}`}; check --user and --password`,
      );
  }
  return {
    url,
    base,
    apiKey,
    version,
    ...(token ? { token } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    metricsUrl: options.metricsUrl ?? `${base}/metrics`,
  };
}
