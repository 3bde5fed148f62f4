/**
 * A server under test, run as its own process so its CPU time can be read from /proc. Both servers
 * print JSON log lines on stdout; the one with `msg: "listening"` carries the URL (`url` field).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface ChildServer {
  readonly name: string;
  readonly pid: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Log lines seen so far (bounded), for error messages. */
  readonly output: readonly string[];
  /** True once the process exited (expectedly or not). */
  readonly exited: boolean;
  /** SIGTERM, then SIGKILL after `graceMs`. Resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

export interface ChildServerOptions {
  readonly name: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  /** @default 60000 */
  readonly startTimeoutMs?: number;
}

const MAX_KEPT_LINES = 200;

/** Starts `node <args>` and waits for its "listening" line. */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/tmp', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  // BENCH_SERVER_LOG=<file>: every line the servers print, appended (the kept lines are only the last few).
  const logFile = process.env['BENCH_SERVER_LOG'];
  const keep = (line: string) => {
    output.push(line);
    if (output.length > MAX_KEPT_LINES) output.shift();
    if (logFile) appendFileSync(logFile, `${line}\n`);
  };
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? null : 0);
      resolve(exitCode);
    });
  });
  createInterface({ input: child.stderr! }).on('line', (line) => keep(`[stderr] ${line}`));
  const lines = createInterface({ input: child.stdout! });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `${options.name} did not print its "listening" line within ${options.startTimeoutMs ?? 60_000} ms:\n${output.slice(-20).join('\n')}`,
        ),
      );
    }, options.startTimeoutMs ?? 60_000);
    lines.on('line', (line) => {
      keep(line);
      if (!line.includes('"listening"')) return;
      try {
        const record = JSON.parse(line) as { msg?: unknown; url?: unknown };
        if (record.msg === 'listening' && typeof record.url === 'string') {
          clearTimeout(timer);
          resolve(record.url.replace('0.0.0.0', '127.0.0.1'));
        }
      } catch {
        // not a JSON line: keep waiting
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} exited with code ${code} before listening:\n${output.slice(-20).join('\n')}`));
    });
  });

  return {
    name: options.name,
    pid: child.pid!,
    url,
    output,
    get exited() {
      return exitCode !== undefined;
    },
    async stop(graceMs = 15_000) {
      if (exitCode !== undefined) return exitCode;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const killed = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, graceMs);
      });
      await Promise.race([exited, killed]);
      clearTimeout(timer);
      return exited;
    },
  };
}

/** Polls `/ready` until it answers 200 (the state loaded); fails when the server exits first. */
export async function untilReady(server: ChildServer, pollMs = 10): Promise<void> {
  for (;;) {
    const answer = await fetch(`${server.url}/ready`).catch(() => undefined);
    if (answer?.status === 200) return;
    if (server.exited) throw new Error(`${server.name} exited before /ready:\n${server.output.slice(-10).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
