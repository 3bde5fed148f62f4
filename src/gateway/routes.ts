/** A route of the REST surface: what the gateway needs to decide a request before reading its body. */
import type { Reply, RequestHead } from './http.js';

export interface RestRequest {
  readonly head: RequestHead;
  readonly clientAddress: string;
  readonly query: URLSearchParams;
  readonly body: Buffer;
}

export interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** `machine`: the operator API key (SPEC.md "Machines"); `none`: public. */
  readonly auth: 'none' | 'machine';
  /** Health probes are exempt so an orchestrator's checks are never throttled. */
  readonly rateLimited: boolean;
  /** Largest body accepted, in bytes (SPEC.md "Limits"). */
  readonly bodyLimit: number;
  handle(request: RestRequest): Promise<Reply>;
}

export const KiB = 1024;
export const MiB = 1024 * KiB;

export class Router {
  private readonly byPath = new Map<string, Map<string, Route>>();

  constructor(routes: readonly Route[]) {
    for (const route of routes) {
      let methods = this.byPath.get(route.path);
      if (!methods) {
        methods = new Map();
        this.byPath.set(route.path, methods);
      }
      if (methods.has(route.method)) throw new Error(`route ${route.method} ${route.path} is declared twice`);
      methods.set(route.method, route);
    }
  }

  match(method: string, path: string): { route: Route } | { allowed: string[] } | undefined {
    const methods = this.byPath.get(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
    if (!methods) return undefined;
    const route = methods.get(method);
    return route ? { route } : { allowed: [...methods.keys()] };
  }
}
