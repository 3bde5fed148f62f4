/**
 * Requests between the bench (parent) and its child processes (the server variants and the load
 * clients) over Node's IPC channel with `serialization: 'advanced'`, so typed arrays (receipt times)
 * cross without JSON. A request is `{ kind, reqId, args }`; the answer `{ kind: 'reply', reqId,
 * value | error }`. A child announces itself once with `{ kind: 'ready', value }`. Messages without
 * a reqId are one-way (publish commands).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface IpcMessage {
  readonly kind: string;
  readonly reqId?: number;
  readonly args?: any;
  readonly value?: any;
  readonly error?: string;
}

type Handler = (args: any) => unknown;

/** Child side: answers the parent's requests with `handlers[kind](args)`; an unknown kind or a throw is an error answer. */
export function serveIpc(handlers: Record<string, Handler>): void {
  if (typeof process.send !== 'function') throw new Error('this script runs as a child of bench/fanout.ts (it needs an IPC channel)');
  process.on('message', (message: IpcMessage) => {
    const handler = handlers[message.kind];
    if (message.reqId === undefined) {
      if (handler) void Promise.resolve().then(() => handler(message.args));
      return;
    }
    const reply = (body: { value?: unknown; error?: string }) => process.send!({ kind: 'reply', reqId: message.reqId, ...body });
    if (!handler) {
      reply({ error: `unknown request "${message.kind}"` });
      return;
    }
    Promise.resolve()
      .then(() => handler(message.args))
      .then(
        (value) => reply({ value }),
        (error: unknown) => reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
      );
  });
  // The bench died: do not linger with thousands of sockets open.
  process.on('disconnect', () => process.exit(70));
}

/** Child side: tells the parent the child is ready (and e.g. its port). */
export function announceReady(value: unknown): void {
  process.send!({ kind: 'ready', value });
}

const MAX_KEPT_LINES = 300;

export interface ChildOptions {
  readonly name: string;
  readonly script: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** Extra node flags (e.g. --expose-gc). */
  readonly nodeFlags?: readonly string[];
  /** @default 60000 */
  readonly readyTimeoutMs?: number;
}

/** Parent side: one child process with an IPC channel, its output kept (bounded) for error messages. */
export class IpcChild {
  readonly output: string[] = [];
  readonly pid: number;
  private readonly child: ChildProcess;
  private nextReqId = 1;
  private readonly pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void; kind: string }>();
  private exitCode: number | null | undefined;
  /** The signal that ended the child, when one did (a crash shows as SIGSEGV or SIGABRT, the OOM killer as SIGKILL). */
  private exitSignal: NodeJS.Signals | null = null;
  private readonly exitedPromise: Promise<number | null>;
  private readyValue: Promise<any>;

  private constructor(
    readonly name: string,
    options: ChildOptions,
  ) {
    this.child = fork(options.script, [], {
      cwd: options.cwd,
      execArgv: ['--import', 'tsx', ...(options.nodeFlags ?? [])],
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/tmp', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    this.pid = this.child.pid!;
    const keep = (line: string) => {
      this.output.push(line);
      if (this.output.length > MAX_KEPT_LINES) this.output.shift();
    };
    createInterface({ input: this.child.stdout! }).on('line', keep);
    createInterface({ input: this.child.stderr! }).on('line', (line) => keep(`[stderr] ${line}`));
    this.exitedPromise = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? null : 0);
        this.exitSignal = signal;
        for (const p of this.pending.values())
          p.reject(new Error(`${this.name} exited (${this.exitDescription}) during "${p.kind}":\n${this.output.slice(-15).join('\n')}`));
        this.pending.clear();
        resolve(this.exitCode);
      });
    });
    this.readyValue = new Promise((resolve, reject) => {
      const timeoutMs = options.readyTimeoutMs ?? 60_000;
      const timer = setTimeout(
        () => reject(new Error(`${this.name} was not ready within ${timeoutMs} ms:\n${this.output.slice(-20).join('\n')}`)),
        timeoutMs,
      );
      this.child.on('message', (message: IpcMessage) => {
        if (message.kind === 'ready') {
          clearTimeout(timer);
          resolve(message.value);
        } else if (message.kind === 'reply' && message.reqId !== undefined) {
          const p = this.pending.get(message.reqId);
          if (!p) return;
          this.pending.delete(message.reqId);
          if (message.error !== undefined) p.reject(new Error(`${this.name} "${p.kind}": ${message.error}`));
          else p.resolve(message.value);
        }
      });
      void this.exitedPromise.then((code) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited with code ${code} before it was ready:\n${this.output.slice(-20).join('\n')}`));
      });
    });
    this.readyValue.catch(() => undefined);
  }

  /** Starts the child and waits for its ready announcement (whose value is returned). */
  static async start<T>(options: ChildOptions): Promise<{ child: IpcChild; ready: T }> {
    const child = new IpcChild(options.name, options);
    try {
      return { child, ready: (await child.readyValue) as T };
    } catch (error) {
      await child.kill();
      throw error;
    }
  }

  /** "code 1" or "signal SIGSEGV": what a person needs to tell a crash from a kill. */
  get exitDescription(): string {
    return this.exitSignal ? `signal ${this.exitSignal}` : `code ${this.exitCode}`;
  }

  get exited(): boolean {
    return this.exitCode !== undefined;
  }

  /** A request; rejects on an error answer, on the child's exit, or after `timeoutMs`. */
  call<T = any>(kind: string, args?: unknown, timeoutMs = 120_000): Promise<T> {
    if (this.exitCode !== undefined)
      return Promise.reject(new Error(`${this.name} has exited (${this.exitDescription}); cannot "${kind}"`));
    const reqId = this.nextReqId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(reqId);
        reject(new Error(`${this.name} did not answer "${kind}" within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(reqId, {
        kind,
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.child.send({ kind, reqId, args });
    });
  }

  /** A one-way message (no answer). */
  post(kind: string, args?: unknown): void {
    if (this.exitCode === undefined && this.child.connected) this.child.send({ kind, args });
  }

  /** Resolves with the exit code once the child has exited, or kills it after `graceMs`. */
  async waitExit(graceMs: number): Promise<number | null> {
    if (this.exitCode !== undefined) return this.exitCode;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)));
    const result = await Promise.race([this.exitedPromise, timedOut]);
    clearTimeout(timer);
    if (result === 'timeout') {
      this.child.kill('SIGKILL');
      await this.exitedPromise;
      return null;
    }
    return result;
  }

  /** SIGKILL (crash cleanup). */
  async kill(): Promise<void> {
    if (this.exitCode !== undefined) return;
    this.child.kill('SIGKILL');
    await this.exitedPromise;
  }
}
