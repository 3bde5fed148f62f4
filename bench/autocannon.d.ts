/**
 * The part of autocannon 8's programmatic API the bench uses (the package ships no typings).
 * See node_modules/autocannon/README.md.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface RequestSpec {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    interface RequestOptions extends RequestSpec {
      /** Called before every request; mutate and return the request (a falsy return restarts the sequence). */
      setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec;
    }

    interface Options {
      url: string;
      connections?: number;
      pipelining?: number;
      /** Seconds. */
      duration?: number;
      amount?: number;
      /** Seconds. */
      timeout?: number;
      overallRate?: number;
      connectionRate?: number;
      ignoreCoordinatedOmission?: boolean;
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      requests?: RequestOptions[];
      bailout?: number;
    }

    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      '2xx': number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Record<string, number>;
      requests: Record<string, number> & { sent: number };
    }

    interface Instance extends EventEmitter {
      stop(): void;
      /** `(client, statusCode, resBytes, responseTimeMs)` for every response. */
      on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): this;
      on(event: 'reqError', listener: (error: Error) => void): this;
      on(event: 'done', listener: (result: Result) => void): this;
      on(event: string, listener: (...args: any[]) => void): this;
    }
  }

  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance;

  export = autocannon;
}
