/**
 * A TCP relay a test can cut (every connection closed at once, new ones refused) and mend: what a client sees of a
 * server that restarts or a network that drops, without touching the server or the other clients. In front of NATS
 * (readModelCluster.ts: one instance's messages lost for real) and of PostgreSQL (the fault suite: a database
 * restart as the instances see it).
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/** Where the relay connects: a TCP port on 127.0.0.1 (or another host), or a unix socket's path. */
export type RelayTarget = { readonly port: number; readonly host?: string } | { readonly path: string };

export class TcpRelay {
  readonly #sockets = new Set<Socket>();
  #open = true;
  private constructor(
    readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: RelayTarget): Promise<TcpRelay> {
    const server = createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    const relay = new TcpRelay(server, port);
    server.on('connection', (client) => {
      if (!relay.#open) return void client.destroy();
      const upstream =
        'path' in target ? tcpConnect({ path: target.path }) : tcpConnect({ port: target.port, host: target.host ?? '127.0.0.1' });
      for (const socket of [client, upstream]) {
        relay.#sockets.add(socket);
        socket.on('close', () => relay.#sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
    });
    return relay;
  }

  /** Every connection through the relay closed at once; new ones refused until `mend`. */
  cut(): void {
    this.#open = false;
    for (const socket of this.#sockets) socket.destroy();
  }

  mend(): void {
    this.#open = true;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A PostgreSQL URL through a relay: the relay connects to the URL's server (its TCP host and port, or the unix socket
 * its `host` parameter names), and the URL returned reaches it on 127.0.0.1 with everything else kept.
 */
export async function relayPostgres(url: string): Promise<{ readonly relay: TcpRelay; readonly url: string }> {
  const parsed = new URL(url);
  const socketDir = parsed.searchParams.get('host');
  const port = Number(parsed.port || 5432);
  const relay = await TcpRelay.start(
    socketDir?.startsWith('/') ? { path: `${socketDir}/.s.PGSQL.${port}` } : { port, host: parsed.hostname || '127.0.0.1' },
  );
  parsed.searchParams.delete('host');
  parsed.hostname = '127.0.0.1';
  parsed.port = String(relay.port);
  return { relay, url: parsed.toString() };
}
