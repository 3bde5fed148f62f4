/** A route of the REST surface: what the gateway needs to decide a request before reading its body. */
import type { Readable } from 'node:stream';
import type { Reply, RequestHead } from './http.js';

export interface RestRequest {
  readonly head: RequestHead;
  readonly clientAddress: string;
  readonly query: URLSearchParams;
  readonly body: Buffer;
}

/** A request whose body is read while it arrives (see `RequestBodyStream` for how it fails). */
export interface StreamingRestRequest {
  readonly head: RequestHead;
  readonly clientAddress: string;
  readonly query: URLSearchParams;
  readonly body: Readable;
}

interface RouteShape {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** `machine`: the operator API key (SPEC.md "Machines"); `none`: public. */
  readonly auth: 'none' | 'machine';
  /** Health probes are exempt so an orchestrator's checks are never throttled. */
  readonly rateLimited: boolean;
  /** Largest body accepted, in bytes (SPEC.md "Limits"). */
  readonly bodyLimit: number;
}

/** The usual route: its handler gets the whole body once it has arrived. */
export interface Route extends RouteShape {
  readonly body?: 'buffered';
  handle(request: RestRequest): Promise<Reply>;
}

/** A route whose handler consumes the body as a stream (uploads), with the cap enforced while reading. */
export interface StreamingRoute extends RouteShape {
  readonly body: 'stream';
  handle(request: StreamingRestRequest): Promise<Reply>;
}

export type GatewayRoute = Route | StreamingRoute;

export const KiB = 1024;
export const MiB = 1024 * KiB;

export class Router {
  private readonly byPath = new Map<string, Map<string, GatewayRoute>>();

  constructor(routes: readonly GatewayRoute[]) {
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

  match(method: string, path: string): { route: GatewayRoute } | { allowed: string[] } | undefined {
    const methods = this.byPath.get(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
    if (!methods) return undefined;
    const route = methods.get(method);
    return route ? { route } : { allowed: [...methods.keys()] };
  }
}
