/** A route of the REST surface: what the gateway needs to decide a request before reading its body. */
import type { Readable } from 'node:stream';
import type { Viewer } from './viewer.js';
import type { RefusalShape, Reply, RequestHead } from './http.js';

/** What every handler is given besides its body. */
interface RequestShape {
  readonly head: RequestHead;
  readonly clientAddress: string;
  readonly query: URLSearchParams;
  /** The values of the path's `{name}` segments, validated (see `Router`); empty for an exact path. */
  readonly params: Readonly<Record<string, string>>;
  /** The signed-in person on an `auth: 'jwt'` route (never null there); null on the others. */
  readonly viewer: Viewer | null;
  /** The agent key (src/plugins/agentKeys) a `machine` request came with; null for the shared key and on other routes. */
  readonly agentKey: { readonly id: string; readonly name: string } | null;
}

export interface RestRequest extends RequestShape {
  readonly body: Buffer;
}

/** A request whose body is read while it arrives (see `RequestBodyStream` for how it fails). */
export interface StreamingRestRequest extends RequestShape {
  readonly body: Readable;
}

interface RouteShape {
  readonly method: 'GET' | 'POST';
  /**
   * An exact path, or a pattern whose `{name}` segments each match one path segment that is a
   * UUID (the only parameter kind so far), e.g. `/api/v1/tickets/{ticketId}/attachments`, or a
   * prefix `/base/*`: `/base` itself and every path below it that no other route has (the
   * console's files); the handler gets the rest of the path, undecoded, as `params['*']`.
   */
  readonly path: string;
  /**
   * `machine`: the operator API key (SPEC.md "Machines"); `jwt`: a person's access token
   * (`Authorization: Bearer`, checked as POST /graphql checks it; the handler gets the `Viewer`);
   * `none`: public.
   */
  readonly auth: 'none' | 'machine' | 'jwt';
  /** Health probes are exempt so an orchestrator's checks are never throttled. */
  readonly rateLimited: boolean;
  /** Largest body accepted, in bytes (SPEC.md "Limits"). */
  readonly bodyLimit: number;
  /**
   * The shape of the gateway's own refusals on this path (405, 413, 415, 429, a failed handler):
   * `rest` is `{"error": "..."}`; `graphql` is `{"errors": [{"message", "extensions": {"code"}}]}`,
   * which GraphQL clients read. @default 'rest'
   */
  readonly refusals?: RefusalShape;
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

export type RouteMatch =
  | { readonly route: GatewayRoute; readonly params: Readonly<Record<string, string>> }
  | { readonly allowed: string[] }
  /** The path has a route's shape but a parameter is not valid: 400 with this message. */
  | { readonly invalid: string };

/** The parameter a prefix route hands its handler: the path below the prefix, without the leading `/`. */
export const REST_OF_PATH = '*';

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARAMETER = /^\{([A-Za-z][A-Za-z0-9]*)\}$/;

/** A path with `{name}` segments, split once into what each segment must be. */
interface Pattern {
  readonly path: string;
  /** A literal segment, or the name of a parameter. */
  readonly segments: readonly ({ readonly literal: string } | { readonly param: string })[];
  readonly methods: Map<string, GatewayRoute>;
}

/** A `/base/*` route: `base` and everything below it. */
interface Prefix {
  /** `/base`, without the trailing `/*`. */
  readonly base: string;
  readonly methods: Map<string, GatewayRoute>;
}

/**
 * Exact paths are one map lookup (the hot path: every machine push and /graphql); only a path no
 * exact route has is tried against the patterns, in declaration order. A pattern's literal segments
 * must match; its parameters must be UUIDs, so `/api/v1/tickets/attachments/{id}` and
 * `/api/v1/tickets/{ticketId}/attachments` never both claim a request. Prefixes come last, the
 * longest first, so `/app/assets/*` takes its files before `/app/*` does.
 */
export class Router {
  private readonly byPath = new Map<string, Map<string, GatewayRoute>>();
  private readonly patterns: Pattern[] = [];
  private readonly prefixes: Prefix[] = [];

  constructor(routes: readonly GatewayRoute[]) {
    for (const route of routes) {
      const methods = route.path.endsWith('/*')
        ? this.prefix(route.path).methods
        : route.path.includes('{')
          ? this.pattern(route.path).methods
          : this.exact(route.path);
      if (methods.has(route.method)) throw new Error(`route ${route.method} ${route.path} is declared twice`);
      methods.set(route.method, route);
    }
    this.prefixes.sort((a, b) => b.base.length - a.base.length);
  }

  match(method: string, path: string): RouteMatch | undefined {
    const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const methods = this.byPath.get(normalized);
    if (methods) {
      const route = methods.get(method);
      return route ? { route, params: NO_PARAMS } : { allowed: [...methods.keys()] };
    }
    const matched = this.patterns.length === 0 ? undefined : this.matchPattern(method, normalized);
    return matched ?? (this.prefixes.length === 0 ? undefined : this.matchPrefix(method, path));
  }

  /** `path` as it came (a trailing `/` is part of the rest: `/app/` and `/app` differ to a page's relative links). */
  private matchPrefix(method: string, path: string): RouteMatch | undefined {
    for (const prefix of this.prefixes) {
      let rest: string;
      if (path === prefix.base) rest = '';
      else if (path.startsWith(prefix.base) && path.charCodeAt(prefix.base.length) === 47 /* / */)
        rest = path.slice(prefix.base.length + 1);
      else continue;
      const route = prefix.methods.get(method);
      if (!route) return { allowed: [...prefix.methods.keys()] };
      const params = Object.create(null) as Record<string, string>;
      params[REST_OF_PATH] = rest;
      return { route, params };
    }
    return undefined;
  }

  private matchPattern(method: string, path: string): RouteMatch | undefined {
    const parts = path.split('/');
    let invalid: string | undefined;
    for (const pattern of this.patterns) {
      if (pattern.segments.length !== parts.length) continue;
      let params: Record<string, string> | undefined;
      let shape = true;
      let bad: string | undefined;
      for (let i = 0; i < parts.length && shape; i++) {
        const segment = pattern.segments[i]!;
        const part = parts[i]!;
        if ('literal' in segment) {
          shape = segment.literal === part;
        } else if (!UUID.test(part)) {
          bad ??= `path parameter ${segment.param} must be a UUID, got ${JSON.stringify(safeDecode(part).slice(0, 60))}`;
        } else {
          params ??= Object.create(null) as Record<string, string>;
          params[segment.param] = part.toLowerCase();
        }
      }
      if (!shape) continue;
      if (bad !== undefined) {
        invalid ??= bad;
        continue;
      }
      const route = pattern.methods.get(method);
      return route ? { route, params: params ?? NO_PARAMS } : { allowed: [...pattern.methods.keys()] };
    }
    return invalid === undefined ? undefined : { invalid };
  }

  private exact(path: string): Map<string, GatewayRoute> {
    let methods = this.byPath.get(path);
    if (!methods) {
      methods = new Map();
      this.byPath.set(path, methods);
    }
    return methods;
  }

  private prefix(path: string): Prefix {
    const base = path.slice(0, -2);
    if (!base.startsWith('/') || base.length < 2 || base.includes('{') || base.includes('*'))
      throw new Error(`route path ${path}: a prefix is a literal path followed by /*`);
    const existing = this.prefixes.find((p) => p.base === base);
    if (existing) return existing;
    const prefix: Prefix = { base, methods: new Map() };
    this.prefixes.push(prefix);
    return prefix;
  }

  private pattern(path: string): Pattern {
    const existing = this.patterns.find((p) => p.path === path);
    if (existing) return existing;
    const names = new Set<string>();
    const segments = path.split('/').map((segment) => {
      const param = PARAMETER.exec(segment)?.[1];
      if (param === undefined) {
        if (segment.includes('{') || segment.includes('}')) throw new Error(`route path ${path}: a parameter is a whole segment, {name}`);
        return { literal: segment };
      }
      if (names.has(param)) throw new Error(`route path ${path} names the parameter ${param} twice`);
      names.add(param);
      return { param };
    });
    const pattern: Pattern = { path, segments, methods: new Map() };
    this.patterns.push(pattern);
    return pattern;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
