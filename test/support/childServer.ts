/**
 * The real server as a child process (`node --import tsx src/main.ts` by default, or another
 * launch such as `npm start`'s script; production settings) on a store that outlives it, for tests
 * that kill the process: a fresh PostgreSQL schema, or an embedded data dir pre-seeded with the
 * migrated template. Shared by every suite that runs the server as a process (crash.test.ts,
 * webhookCrash.test.ts, releaseStart.test.ts).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { seededDataDir, type Backend } from './backends.js';
import { REPO_ROOT } from './repoRoot.js';

const ROOT = REPO_ROOT;
export const CHILD_API_KEY = 'child-test-operator-key-0123456789';
const JWT_SECRET = 'child-test-jwt-secret-0123456789abcdefghijklmnop';

export interface ChildStore {
  readonly env: Record<string, string>;
  dispose(): Promise<void>;
}

export async function createChildStore(backend: Backend): Promise<ChildStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-child-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (backend.name === 'embedded') {
    await seededDataDir(join(dataDir, 'pglite'));
    return { env: { SVC_DATA_DIR: dataDir }, dispose: async () => removeDir() };
  }
  const store = await backend.createStore();
  return {
    env: { SVC_DATA_DIR: dataDir, SVC_DATABASE_URL: store.url! },
    async dispose() {
      await store.dispose();
      removeDir();
    },
  };
}

export interface ChildServer {
  readonly process: ChildProcess;
  readonly url: string;
  readonly logs: Record<string, unknown>[];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

/** How the child is started: node's arguments and the directory they run in. */
export interface ChildLaunch {
  readonly cwd: string;
  readonly args: readonly string[];
}

/**
 * The V8 flags the runner gave this process, given to the servers it starts from the sources too:
 * WebAssembly on the baseline compiler only (scripts/test.mjs: the optimizing tier's recompilation of
 * the embedded database cost each process about 1.5 s of CPU). None when the file runs on its own.
 */
const V8_FLAGS = process.execArgv.filter((flag) => flag === '--liftoff-only');

/**
 * The server from this checkout's sources, started the way this test runs: the compiled `src/main.js` beside this
 * file's own tree when the suite runs compiled (scripts/testBuild.mjs: the same esbuild output tsx would load, without
 * its loader hooks, about 1.4 s of CPU less per start), `src/main.ts` under tsx otherwise (a file run on its own).
 */
export const FROM_SOURCES: ChildLaunch = import.meta.url.endsWith('.js')
  ? { cwd: ROOT, args: [...V8_FLAGS, '--enable-source-maps', fileURLToPath(new URL('../../src/main.js', import.meta.url))] }
  : { cwd: ROOT, args: [...V8_FLAGS, '--import', 'tsx', 'src/main.ts'] };

/** `node <args>` running the module `path` (relative to src/) as FROM_SOURCES runs main: compiled or under tsx. */
export function sourceModuleArgs(path: string): string[] {
  return import.meta.url.endsWith('.js')
    ? [...V8_FLAGS, '--enable-source-maps', fileURLToPath(new URL(`../../src/${path.replace(/\.ts$/, '.js')}`, import.meta.url))]
    : [...V8_FLAGS, '--import', 'tsx', `src/${path}`];
}

export async function startChildServer(
  store: ChildStore,
  extraEnv: Record<string, string> = {},
  launch: ChildLaunch = FROM_SOURCES,
): Promise<ChildServer> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('SVC_')) env[key] = value;
  Object.assign(env, {
    SVC_ENV: 'production',
    SVC_HOST: '127.0.0.1',
    SVC_PORT: '0',
    SVC_SECURITY_OPERATOR_API_KEY: CHILD_API_KEY,
    SVC_JWT_SECRET: JWT_SECRET,
    SVC_RATE_LIMIT_RPS: '1000000',
    SVC_RATE_LIMIT_BURST: '1000000',
    // No load balancer to wait for: SIGTERM drains at once unless a test sets the delay it is about.
    SVC_SHUTDOWN_DELAY_MS: '0',
    ...store.env,
    ...extraEnv,
  });
  const child = spawn(process.execPath, launch.args, { cwd: launch.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const listening = new Promise<Record<string, unknown>>((done, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      logs.push(record);
      if (record['msg'] === 'listening') done(record);
    });
    void exited.then(({ code, signal }) =>
      fail(new Error(`the server exited (${code ?? signal}) before listening:\n${stderr}\n${JSON.stringify(logs)}`)),
    );
  });
  const record = await listening;
  const port = new URL(String(record['url'])).port;
  assert.notEqual(port, '0');
  return { process: child, url: `http://127.0.0.1:${port}`, logs, exited, stderr: () => stderr };
}

export async function stopGracefully(server: ChildServer): Promise<void> {
  server.process.kill('SIGTERM');
  const { code, signal } = await server.exited;
  assert.deepEqual({ code, signal }, { code: 0, signal: null }, `the server did not exit cleanly on SIGTERM:\n${server.stderr()}`);
}
