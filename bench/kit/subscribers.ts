/**
 * Many graphql-ws subscribers in the generator process, each its own WebSocket speaking the
 * graphql-transport-ws protocol directly (connection_init with the token, subscribe, next, ping and
 * pong): no client library's reconnect machinery per socket, so one process holds thousands. Every
 * `next` frame is handed to `onFrame` with its arrival time; a socket that closes is counted by its
 * close code, not reopened (a load test reports what broke).
 */
import WebSocket from 'ws';

export interface SubscriptionSpec {
  readonly query: string;
  readonly variables?: Readonly<Record<string, unknown>>;
}

export interface SubscriberOptions {
  /** ws://host:port/graphql/ws */
  readonly url: string;
  readonly token: string;
  readonly count: number;
  /** The subscriptions of subscriber i. */
  readonly subscriptions: (index: number) => readonly SubscriptionSpec[];
  readonly onFrame: (index: number, subscription: number, payload: unknown, at: number) => void;
  /** Sockets opened at once while connecting. */
  readonly concurrency?: number;
  /**
   * A subscription whose first frame comes at once (the current viewers, the current locks): `start` waits for
   * it on every socket, so the server has registered the subscriptions before the load begins.
   */
  readonly readyOn?: number;
}

export class Subscribers {
  private readonly sockets: WebSocket[] = [];
  /** Close codes of sockets the server closed during the run. */
  readonly closes: Record<string, number> = {};
  /** Subscriptions the server answered with `error`. */
  readonly subscriptionErrors: string[] = [];
  private stopping = false;

  constructor(private readonly options: SubscriberOptions) {}

  get count(): number {
    return this.options.count;
  }

  /** Opens every socket and waits until each of its subscriptions was sent after the acknowledgement. */
  async start(): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < this.options.count) await this.open(next++);
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 50, this.options.count) }, worker));
  }

  private open(index: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.options.url, 'graphql-transport-ws', { perMessageDeflate: false });
      this.sockets.push(socket);
      const specs = this.options.subscriptions(index);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { token: this.options.token } })));
      const readyOn = this.options.readyOn;
      socket.on('message', (data: Buffer) => {
        const at = performance.now();
        const message = JSON.parse(data.toString('utf8')) as { type: string; id?: string; payload?: unknown };
        if (message.type === 'next') {
          if (readyOn !== undefined && Number(message.id) === readyOn) resolve();
          this.options.onFrame(index, Number(message.id), message.payload, at);
        } else if (message.type === 'ping') socket.send('{"type":"pong"}');
        else if (message.type === 'error') this.subscriptionErrors.push(JSON.stringify(message.payload).slice(0, 200));
        else if (message.type === 'connection_ack') {
          specs.forEach((spec, id) => {
            socket.send(
              JSON.stringify({ id: String(id), type: 'subscribe', payload: { query: spec.query, variables: spec.variables ?? {} } }),
            );
          });
          if (readyOn === undefined) resolve();
        }
      });
      socket.on('error', (error) => reject(new Error(`subscriber ${index} could not connect to ${this.options.url}: ${error.message}`)));
      socket.on('close', (code) => {
        if (this.stopping) return;
        this.closes[code] = (this.closes[code] ?? 0) + 1;
      });
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === WebSocket.CLOSED) return resolve();
            socket.once('close', () => resolve());
            socket.close(1000);
            setTimeout(() => {
              socket.terminate();
              resolve();
            }, 2000).unref();
          }),
      ),
    );
  }
}
