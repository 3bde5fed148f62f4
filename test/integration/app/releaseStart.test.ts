/**
 * `npm start` (scripts/start.mjs) from a temporary copy of this checkout (sources, scripts, configs;
 * node_modules linked). The bug this guards: `npm start` compiled into `dist/` on every start, so a
 * second server started beside a running or starting one loaded a half-written file and crashed
 * ("does not provide an export named ..."). Now a build is compiled once per content hash into a
 * scratch directory and published by renaming it to `build/<hash>/`; starts wait for one another on
 * a lock while building. "Did not rebuild" is read from the build's marker file and the start's own
 * log line, never from timing.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { embeddedBackend } from '../../support/backends.js';
import {
  createChildStore,
  startChildServer,
  stopGracefully,
  type ChildLaunch,
  type ChildServer,
  type ChildStore,
} from '../../support/childServer.js';
import { REPO_ROOT } from '../../support/repoRoot.js';

const ROOT = REPO_ROOT;
const COPIED = ['src', 'web', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'];
/** A console built in this checkout (web/dist) is an output, not a source: the copy starts without it. */
const notBuilt = (source: string) => !source.startsWith(join(ROOT, 'web', 'dist'));

/** node's arguments of the `start` script in package.json, so the test runs what `npm start` runs. */
function startArgs(): string[] {
  const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['start']!;
  const [command, ...args] = script.split(' ');
  assert.equal(command, 'node', `npm start runs node directly: ${script}`);
  return args;
}

describe('npm start: the release build of the current sources', { timeout: 600_000 }, () => {
  let checkout: string;
  let launch: ChildLaunch;
  const stores: ChildStore[] = [];
  const running = new Map<ChildServer, ChildStore>();

  before(() => {
    checkout = mkdtempSync(join(tmpdir(), 'svc-start-'));
    for (const entry of COPIED) cpSync(join(ROOT, entry), join(checkout, entry), { recursive: true, filter: notBuilt });
    symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(checkout, 'node_modules'));
    launch = { cwd: checkout, args: startArgs() };
  });
  after(async () => {
    for (const server of running.keys()) server.process.kill('SIGKILL');
    await Promise.all(stores.map((store) => store.dispose()));
    rmSync(checkout, { recursive: true, force: true });
  });

  const health = async (server: ChildServer) => (await fetch(`${server.url}/health`)).status;
  /**
   * A server started as `npm start` does, once it answers /health. (Waiting for an answer, not only
   * the 'listening' line: main.ts installs its SIGTERM handler just after that line is written, so a
   * SIGTERM sent at once could still meet the default action.)
   */
  const start = async (): Promise<ChildServer> => {
    const store = await freeStore();
    const server = await startChildServer(store, {}, launch);
    running.set(server, store);
    assert.equal(await health(server), 200);
    return server;
  };
  const stop = async (server: ChildServer): Promise<void> => {
    await stopGracefully(server);
    running.delete(server);
  };
  /** A data dir no running server holds (a stopped server's, reopened like a restart: seeding a new one costs seconds). */
  const freeStore = async (): Promise<ChildStore> => {
    const inUse = new Set(running.values());
    const free = stores.find((store) => !inUse.has(store));
    if (free) return free;
    const store = await createChildStore(embeddedBackend);
    stores.push(store);
    return store;
  };
  const builds = () =>
    readdirSync(join(checkout, 'build'))
      .filter((name) => /^[0-9a-f]{16}$/.test(name))
      .sort();
  const buildLog = (server: ChildServer) => server.logs.filter((record) => String(record['msg']).startsWith('release build'));
  const marker = (hash: string) => readFileSync(join(checkout, 'build', hash, 'build.json'), 'utf8');
  /** A comment appended to a source file: a real content change that changes nothing else. */
  const touchSources = (why: string) => appendFileSync(join(checkout, 'src', 'main.ts'), `\n// ${why}\n`);

  it('two starts at once from one checkout compile once, and both servers come up', async () => {
    const [first, second] = await Promise.all([start(), start()]);
    const messages = [...buildLog(first!), ...buildLog(second!)].map((record) => record['msg']).sort();
    assert.deepEqual(messages, ['release build compiled', 'release build reused: sources unchanged']);
    assert.equal(builds().length, 1);
    await Promise.all([stop(first!), stop(second!)]);
    assert.equal(existsSync(join(checkout, 'build', '.lock')), false, 'the lock is released');
  });

  it('the release build serves the console it built at /app/', async () => {
    const [hash] = builds();
    assert.equal(existsSync(join(checkout, 'build', hash!, 'web', 'index.html')), true, 'the console is built beside the server');
    const server = await start();
    const page = await fetch(`${server.url}/app/`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const script = /src="\/app\/(assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    assert.ok(script, 'index.html loads a script of the build');
    const asset = await fetch(`${server.url}/app/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(asset.status, 200);
    assert.equal(asset.headers.get('content-encoding'), 'gzip', 'compressed when the release was built');
    await stop(server);
  });

  it('a change under web/ (the console only) compiles a new build; the build nobody runs is removed', async () => {
    const before = builds();
    const server = await start();
    assert.equal(buildLog(server)[0]?.['msg'], 'release build reused: sources unchanged');
    await stop(server);
    appendFileSync(join(checkout, 'web', 'index.html'), '\n<!-- a change to the console -->\n');
    const changed = await start();
    assert.equal(buildLog(changed)[0]?.['msg'], 'release build compiled');
    const compiled = String(buildLog(changed)[0]?.['build']);
    assert.ok(!before.includes(compiled), 'a new name');
    assert.deepEqual(builds(), [compiled], 'the older build, which no server runs, is removed');
    assert.deepEqual(
      changed.logs.find((record) => record['msg'] === 'older release builds removed: no running server uses them')?.['builds'],
      before,
    );
    await stop(changed);
  });

  it('a start with unchanged sources reuses the build: no compile, the marker untouched', async () => {
    const [hash] = builds();
    const before = marker(hash!);
    const server = await start();
    assert.deepEqual(
      buildLog(server).map((record) => [record['msg'], record['build']]),
      [['release build reused: sources unchanged', hash]],
    );
    assert.equal(marker(hash!), before);
    assert.deepEqual(builds(), [hash]);
    await stop(server);
  });

  it('a lock left by a start that died (killed mid-build) is taken over', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid!; // a process that has exited
    const lock = join(checkout, 'build', '.lock');
    mkdirSync(lock);
    writeFileSync(join(lock, 'owner.json'), JSON.stringify({ pid: gone, host: hostname(), nonce: 'left-behind' }));
    const server = await start();
    assert.equal(buildLog(server)[0]?.['msg'], 'release build reused: sources unchanged');
    assert.equal(existsSync(lock), false);
    await stop(server);
  });

  it('a source change compiles a new build beside a running server, which keeps its own', async () => {
    const [original] = builds();
    const old = await start();
    touchSources('a change');
    const changed = await start();
    const [compiled] = buildLog(changed);
    assert.equal(compiled?.['msg'], 'release build compiled');
    assert.deepEqual(builds(), [original, String(compiled?.['build'])].sort(), 'the build in use stays');
    assert.equal(await health(old), 200, 'the server on the older build still answers');
    await Promise.all([stop(old), stop(changed)]);
  });

  it('sources that do not compile: the start fails with the compiler output, publishes nothing and frees the lock', async () => {
    const before = builds();
    const source = join(checkout, 'src', 'main.ts');
    const intact = readFileSync(source, 'utf8');
    writeFileSync(source, `${intact}\nconst broken: number = 'not a number';\n`);
    try {
      await assert.rejects(start(), (error: Error) => {
        assert.match(error.message, /exited \(1\) before listening/);
        assert.match(error.message, /the release build failed[\s\S]*TS2322/);
        return true;
      });
    } finally {
      writeFileSync(source, intact);
    }
    assert.deepEqual(builds(), before);
    assert.equal(existsSync(join(checkout, 'build', '.lock')), false);
    assert.deepEqual(
      readdirSync(join(checkout, 'build')).filter((name) => name.startsWith('.tmp-')),
      [],
      'no scratch left behind',
    );
  });
});
