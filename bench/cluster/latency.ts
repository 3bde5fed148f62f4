/**
 * Latencies of `bench:cluster` on a settled cluster, one push at a time (the machine otherwise quiet as far as the
 * bench goes): what forwarding adds (the same probe service pushed to its owner and to another instance, in turns),
 * and commit-to-delivered on another instance (a graphql-ws subscriber on B hears a change pushed to its owner A;
 * from A's 200 to B's event).
 */
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { signIn } from '../lib/graphqlCalls.js';
import { healthBody, push, PROBE_NODE, type BenchService } from './pushes.js';

/** Each probe service's status, flipped by every push so that every push is a change. */
export class ProbeStatuses {
  readonly #last = new Map<string, string>();

  /** The next status of `service` (they were created DEGRADED). */
  next(service: BenchService): string {
    const status = this.#last.get(service.name) === 'OPERATIONAL' ? 'DEGRADED' : 'OPERATIONAL';
    this.#last.set(service.name, status);
    return status;
  }
}

export interface ForwardingSamples {
  /** ms from send to answer: pushed to the shard's owner. */
  readonly direct: number[];
  /** The same, pushed to an instance that forwards it to the owner. */
  readonly forwarded: number[];
  readonly failures: number;
}

export async function forwardingLatency(options: {
  readonly urls: ReadonlyMap<string, string>;
  readonly owners: ReadonlyMap<number, string>;
  readonly probes: readonly BenchService[];
  readonly statuses: ProbeStatuses;
  readonly apiKey: string;
  readonly samples: number;
}): Promise<ForwardingSamples> {
  const ids = [...options.urls.keys()];
  const direct: number[] = [];
  const forwarded: number[] = [];
  let failures = 0;
  const once = async (url: string, service: BenchService, into: number[]) => {
    const answer = await push(url, options.apiKey, healthBody(service, options.statuses.next(service), 'latency'));
    if (answer.status === 200) into.push(answer.answeredAt - answer.sentAt);
    else failures += 1;
  };
  for (let i = 0; i < options.samples; i++) {
    const service = options.probes[(i * 7) % options.probes.length]!;
    const owner = options.owners.get(service.shard)!;
    const others = ids.filter((id) => id !== owner);
    const other = others[i % others.length]!;
    // In turns, so that whatever drifts on the machine hits both alike.
    if (i % 2 === 0) {
      await once(options.urls.get(owner)!, service, direct);
      await once(options.urls.get(other)!, service, forwarded);
    } else {
      await once(options.urls.get(other)!, service, forwarded);
      await once(options.urls.get(owner)!, service, direct);
    }
  }
  return { direct, forwarded, failures };
}

export interface DeliverySamples {
  /** ms from the owner's 200 (read by this process) to the subscriber's event on the other instance. */
  readonly afterAnswer: number[];
  /** ms from sending the push to the event. */
  readonly afterSend: number[];
  readonly missed: number;
}

/**
 * A graphql-ws subscriber on `subscriberId` to serviceStatusChanged under the probes' node; pushes of probe services
 * owned by other instances sent to their owners one at a time, each waiting for its event (5 s at most).
 */
export async function deliveryLatency(options: {
  readonly urls: ReadonlyMap<string, string>;
  readonly owners: ReadonlyMap<number, string>;
  readonly subscriberId: string;
  readonly probes: readonly BenchService[];
  readonly statuses: ProbeStatuses;
  readonly apiKey: string;
  readonly adminPassword: string;
  readonly samples: number;
}): Promise<DeliverySamples> {
  const subscriberUrl = options.urls.get(options.subscriberId)!;
  const token = await signIn(subscriberUrl, 'admin', options.adminPassword);
  const client = createClient({
    url: `${subscriberUrl.replace(/^http/, 'ws')}/graphql/ws`,
    webSocketImpl: WebSocket,
    connectionParams: { token },
    lazy: false,
  });
  const waiting = new Map<string, (at: number) => void>();
  try {
    await new Promise<void>((resolve, reject) => {
      client.on('connected', () => resolve());
      client.subscribe(
        {
          query: 'subscription($path: String) { serviceStatusChanged(nodePath: $path) { serviceId status message } }',
          variables: { path: PROBE_NODE },
        },
        {
          next: ({ data }) => {
            const at = performance.now();
            const message = (data as { serviceStatusChanged?: { message?: string | null } } | undefined)?.serviceStatusChanged?.message;
            if (message) waiting.get(message)?.(at);
          },
          error: (error) => reject(new Error(`the subscription failed: ${JSON.stringify(error)}`)),
          complete: () => undefined,
        },
      );
    });
    const remote = options.probes.filter((probe) => options.owners.get(probe.shard) !== options.subscriberId);
    const afterAnswer: number[] = [];
    const afterSend: number[] = [];
    let missed = 0;
    for (let i = 0; i < options.samples; i++) {
      const service = remote[(i * 5) % remote.length]!;
      const message = `delivery ${i}`;
      let heardAt: number | undefined;
      const heard = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        waiting.set(message, (at) => {
          heardAt = at;
          clearTimeout(timer);
          resolve();
        });
      });
      const owner = options.urls.get(options.owners.get(service.shard)!)!;
      const answer = await push(owner, options.apiKey, healthBody(service, options.statuses.next(service), message));
      await heard;
      waiting.delete(message);
      if (answer.status !== 200 || heardAt === undefined) {
        missed += 1;
        continue;
      }
      afterAnswer.push(heardAt - answer.answeredAt);
      afterSend.push(heardAt - answer.sentAt);
    }
    return { afterAnswer, afterSend, missed };
  } finally {
    await client.dispose();
  }
}
