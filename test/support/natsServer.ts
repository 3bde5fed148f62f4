/**
 * A real NATS server with JetStream for tests: Debian's `nats-server` (2.9 here) on a free port of
 * 127.0.0.1 with its store in a temp dir, never the machine's own instance. Readiness is awaited by connecting
 * (and asking JetStream for the account's info), not by sleeping a fixed time; an early exit fails with the
 * server's own output. `stop()` ends it (SIGTERM, awaited) and removes the store.
 *
 * Options sign-in (`--user/--pass` or `--auth`) and TLS (`--tls --tlscert --tlskey`) for the connection tests,
 * or a whole configuration file (permissions per user) written into the temp dir. `selfSignedCertificate` makes the
 * TLS files (openssl), for 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NodeConnectionOptions } from '@nats-io/transport-node';

export const NATS_SERVER = '/usr/sbin/nats-server';
const READY_WITHIN_MS = 10_000;

export interface NatsServerOptions {
  readonly user?: string;
  readonly password?: string;
  readonly token?: string;
  /** PEM files: the server then requires TLS. */
  readonly tls?: { readonly certFile: string; readonly keyFile: string };
  /** A configuration file's text (its `listen`, `jetstream` and `store_dir` are added here). */
  readonly config?: string;
  /** Options for the readiness connection (the credentials the server wants). */
  readonly readyAs?: NodeConnectionOptions;
}

export interface NatsServer {
  /** `nats://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  /** Stops the server and starts it again on the same port and store (a restart clients reconnect through). */
  restart(): Promise<void>;
  /** Stops the server, keeping its port and store, until `up` (NATS unavailable for as long as a test needs). */
  down(): Promise<void>;
  /** Starts a server stopped by `down` again, on the same port and store (nothing when it runs). */
  up(): Promise<void>;
  /** Sends a signal to the server's process (SIGSTOP / SIGCONT: a server that silently stops answering). */
  signal(signal: NodeJS.Signals): void;
}

export function natsServerAvailable(): boolean {
  return existsSync(NATS_SERVER);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startNatsServer(options: NatsServerOptions = {}): Promise<NatsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-nats-'));
  const port = await freePort();
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'store')];
  if (options.user !== undefined) args.push('--user', options.user, '--pass', options.password ?? '');
  if (options.token !== undefined) args.push('--auth', options.token);
  if (options.tls !== undefined) args.push('--tls', '--tlscert', options.tls.certFile, '--tlskey', options.tls.keyFile);
  if (options.config !== undefined) {
    const file = join(dir, 'nats.conf');
    writeFileSync(file, options.config);
    args.push('-c', file);
  }

  const url = `nats://127.0.0.1:${port}`;
  const as = options.readyAs ?? {
    user: options.user,
    pass: options.password,
    token: options.token,
    ...(options.tls ? { tls: { caFile: options.tls.certFile } } : {}),
  };
  let running: Running;
  try {
    running = await spawnServer(args, url, as);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const stop = async (): Promise<void> => {
    await terminate(running.child, running.exited);
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    url,
    port,
    stop,
    async restart() {
      await terminate(running.child, running.exited);
      running = await spawnServer(args, url, as);
    },
    async down() {
      await terminate(running.child, running.exited);
    },
    async up() {
      if (running.child.exitCode === null && running.child.signalCode === null) return;
      running = await spawnServer(args, url, as);
    },
    signal(signal) {
      running.child.kill(signal);
    },
  };
}

interface Running {
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
}

async function spawnServer(args: readonly string[], url: string, as: NodeConnectionOptions): Promise<Running> {
  const child = spawn(NATS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await ready(url, child, () => output, as);
  } catch (error) {
    await terminate(child, exited);
    throw error;
  }
  return { child, exited };
}

async function ready(url: string, child: ChildProcess, output: () => string, as: NodeConnectionOptions): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  let last: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`nats-server exited at start:\n${output()}`);
    try {
      const nc = await connect({ ...as, servers: url, timeout: 1_000, reconnect: false });
      try {
        await (await jetstreamManager(nc)).getAccountInfo();
        return;
      } finally {
        await nc.close();
      }
    } catch (error) {
      last = error;
    }
    // Between attempts only: the server is starting, and the next attempt is the readiness check.
    await delay(20);
  }
  throw new Error(`nats-server at ${url} was not ready within ${READY_WITHIN_MS} ms (${String(last)}):\n${output()}`);
}

async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killed = await Promise.race([exited.then(() => true), delay(5_000, undefined, { ref: false }).then(() => false)]);
  if (!killed) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** A self-signed certificate for 127.0.0.1 (its own CA) and its key, as PEM files in `dir`. */
export function selfSignedCertificate(dir: string): { readonly certFile: string; readonly keyFile: string } {
  const certFile = join(dir, 'nats-cert.pem');
  const keyFile = join(dir, 'nats-key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the test certificate (${made.status}): ${made.stderr}`);
  return { certFile, keyFile };
}
