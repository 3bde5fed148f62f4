/**
 * The development module (src/plugins/dev): the playground at `/` and `/api/v1/dev/*` with SVC_ENV=development
 * and the module's routes mounted (as `npm run dev` mounts them); nothing of it in production; and
 * the release build (tsconfig.build.json) emits none of it and starts in development mode without it.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { devRoutes } from '../../../../src/plugins/dev/index.js';
import { seededDataDir, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin } from '../../../support/graphql.js';
import { call, startTestServer, TEST_JWT_SECRET, type TestServer } from '../../../support/testServer.js';
import { REPO_ROOT } from '../../../support/repoRoot.js';

const root = REPO_ROOT;

for (const backend of testBackends()) {
  describe(`development module (${backend.name})`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { env: { ...BOOTSTRAP_ENV, SVC_ENV: 'development' }, extraRoutes: devRoutes });
    });
    after(() => t.close());
    const dev = (method: string, path: string, body?: unknown) => call(t.url, method, path, body);

    it('GET / serves the self-contained playground page', async () => {
      const res = await dev('GET', '/');
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(res.text, /<textarea id="query"/);
      assert.match(res.text, /login\(username: \$u, password: \$p\)/, 'the sign-in form calls the login mutation');
      assert.match(res.text, /fetch\('\/graphql'/);
      assert.doesNotMatch(res.text, /(src|href)\s*=\s*["']?(https?:)?\/\//i, 'nothing is loaded from another host');
      assert.equal(res.headers.get('content-security-policy'), null, 'development sends no CSP that would block the inline script');
    });

    it('GET /api/v1/dev/info reports the environment, version and counts', async () => {
      const res = await dev('GET', '/api/v1/dev/info');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.env, 'development');
      assert.equal(res.json.version, '4.2.0-test');
      assert.equal(res.json.counts.users, 1, 'the bootstrap admin');
      for (const key of ['services', 'nodes', 'groups', 'openSessions']) assert.equal(typeof res.json.counts[key], 'number', key);
    });

    it('POST /api/v1/dev/seed creates committed services that GraphQL lists', async () => {
      const before = (await dev('GET', '/api/v1/dev/info')).json.counts.services;
      const seeded = await dev('POST', '/api/v1/dev/seed', { services: 30, nodeId: 'dev/ui' });
      assert.equal(seeded.status, 201, seeded.text);
      assert.equal(seeded.json.created, 30);
      assert.equal(seeded.json.nodeId, 'dev/ui');
      assert.equal(new Set(seeded.json.ids).size, 30);

      const more = await dev('POST', '/api/v1/dev/seed', { services: 5, nodeId: 'dev/ui' });
      assert.equal(more.status, 201, more.text);
      const [rows] = await t.server.database.knex('services').where({ node_path: 'dev/ui' }).count({ n: '*' });
      assert.equal(Number(rows!['n']), 35, 'committed to the database');
      assert.equal((await dev('GET', '/api/v1/dev/info')).json.counts.services, before + 35);

      const admin = await signInAdmin(t);
      const res = await gql(
        t,
        'query($f: ServiceFilter) { serviceCount(filter: $f) services(filter: $f, limit: 1000) { id name nodeId } }',
        { f: { nodeId: 'dev/ui' } },
        admin.accessToken,
      );
      assert.equal(res.errors, undefined, res.text);
      assert.equal(res.data.serviceCount, 35);
      const names = new Set(res.data.services.map((s: { name: string }) => s.name));
      for (let n = 1; n <= 35; n += 1) assert.ok(names.has(`demo-${n}`), `demo-${n}: a second seed continues the numbering`);
      const ids = new Set(res.data.services.map((s: { id: string }) => s.id));
      for (const id of [...seeded.json.ids, ...more.json.ids]) assert.ok(ids.has(id));

      const defaultNode = await dev('POST', '/api/v1/dev/seed', { services: 1 });
      assert.equal(defaultNode.status, 201, defaultNode.text);
      assert.equal(defaultNode.json.nodeId, 'dev/demo');
    });

    it('POST /api/v1/dev/seed with historyDays writes status history, maintenance windows and a demo SLA', async () => {
      // 40 days reach into the previous month, whose period is closed: its figures are stored once read.
      const seeded = await dev('POST', '/api/v1/dev/seed', { services: 12, nodeId: 'dev/sla', historyDays: 40 });
      assert.equal(seeded.status, 201, seeded.text);
      assert.equal(seeded.json.history.days, 40);
      assert.equal(seeded.json.history.slaGroup, 'demo');
      assert.ok(seeded.json.history.intervals >= 12, seeded.text);
      assert.ok(seeded.json.history.windows >= 1, 'every third service (by name) has weekly windows');
      const knex = t.server.database.knex;

      const services = await knex('services').whereIn('id', seeded.json.ids).select('id', 'sla_group', 'created_at');
      assert.ok(services.every((s) => s.sla_group === 'demo'));
      const intervals = await knex('status_intervals')
        .whereIn('service_id', seeded.json.ids)
        .where('seq', '<', 0)
        .select('service_id', 'status', 'started_at', 'ended_at');
      assert.equal(intervals.length, seeded.json.history.intervals);
      const createdAt = new Map(services.map((s) => [s.id, new Date(s.created_at).getTime()]));
      for (const interval of intervals) {
        assert.ok(
          new Date(interval.ended_at).getTime() <= createdAt.get(interval.service_id)!,
          'history ends before the service was created',
        );
        assert.ok(new Date(interval.started_at).getTime() >= createdAt.get(interval.service_id)! - 40 * 86_400_000 - 300_000);
      }
      assert.ok(
        intervals.some((i) => i.status === 'DOWN'),
        'the demo history has outages',
      );
      const windows = await knex('maintenance_windows').whereIn('service_id', seeded.json.ids).select('started_at', 'ended_at', 'ended_by');
      assert.equal(windows.length, seeded.json.history.windows);
      assert.ok(windows.every((w) => w.ended_by === 'expiry' && w.ended_at !== null));

      const definition = await knex('sla_definitions').where({ id: seeded.json.history.slaDefinitionId }).first();
      assert.equal(definition.name, 'Demo availability');
      assert.equal(Number(definition.target_percent), 99.9);
      const assignments = await knex('sla_assignments').where({ definition_id: definition.id }).select('group_name', 'service_id');
      assert.deepEqual(assignments, [{ group_name: 'demo', service_id: null }]);
      const group = await knex('sla_groups').where({ name: 'demo' }).first();
      assert.equal(group.display_name, 'Demo services', 'the demo group is declared, so slaGroups lists it');

      const closedPeriod = async () => (await t.server.app.slaFigures.periodResults(definition.id, 2)).find((p) => p.final)!;
      const before = await closedPeriod();
      assert.equal(before.services.length, 12, 'the previous month, computed from the seeded history and stored');
      assert.ok(
        before.result.actualValue !== null && before.result.actualValue > 90 && before.result.actualValue < 100,
        'real figures, outages included',
      );

      const again = await dev('POST', '/api/v1/dev/seed', { services: 2, nodeId: 'dev/sla', historyDays: 40 });
      assert.equal(again.status, 201, again.text);
      assert.equal(again.json.history.slaDefinitionId, definition.id, 'a second seed reuses the demo SLA');
      assert.equal((await knex('sla_assignments').where({ definition_id: definition.id })).length, 1);
      assert.equal((await closedPeriod()).services.length, 14, "the stored month is computed again with the new services' history");
    });

    it('POST /api/v1/dev/seed refuses bad input with 400 and {"error"}', async () => {
      const bodies: unknown[] = [
        {},
        { services: 0 },
        { services: 5001 },
        { services: 2.5 },
        { services: '10' },
        { services: 1, nodeId: '' },
        { services: 1, nodeId: 42 },
        { services: 1, node: 'x' },
        { services: 1, historyDays: 0 },
        { services: 1, historyDays: 91 },
        { services: 1, historyDays: 1.5 },
        { services: 1, historyDays: '7' },
        [1],
        'not json',
      ];
      for (const body of bodies) {
        const res = await dev('POST', '/api/v1/dev/seed', body);
        assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
        assert.deepEqual(Object.keys(res.json), ['error']);
        assert.equal(typeof res.json.error, 'string');
      }
      const empty = await call(t.url, 'POST', '/api/v1/dev/seed');
      assert.equal(empty.status, 400);
    });

    it('POST /api/v1/dev/token issues a session that works as a bearer token on /graphql', async () => {
      const openBefore = (await dev('GET', '/api/v1/dev/info')).json.counts.openSessions;
      const res = await dev('POST', '/api/v1/dev/token', { username: 'admin' });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.user.username, 'admin');
      assert.equal(res.json.user.role, 'admin');
      assert.ok(Date.parse(res.json.expiresAt) > Date.now());
      const me = await gql(t, '{ me { id username } }', undefined, res.json.accessToken);
      assert.equal(me.errors, undefined, me.text);
      assert.deepEqual(me.data.me, { id: res.json.user.id, username: 'admin' });
      const services = await gql(t, '{ serviceCount }', undefined, res.json.accessToken);
      assert.equal(services.errors, undefined, services.text);
      assert.equal((await dev('GET', '/api/v1/dev/info')).json.counts.openSessions, openBefore + 1);
      const session = await t.server.database.knex('sessions').where({ id: res.json.sessionId }).first();
      assert.ok(session, 'the session is committed');

      const refreshed = await gql(t, 'mutation($r: String!) { refreshToken(refreshToken: $r) { accessToken } }', {
        r: res.json.refreshToken,
      });
      assert.equal(refreshed.errors, undefined, 'the refresh token is a real one too');
    });

    it('POST /api/v1/dev/token refuses unknown, missing and deactivated users', async () => {
      const unknown = await dev('POST', '/api/v1/dev/token', { username: 'nobody' });
      assert.equal(unknown.status, 404);
      assert.match(unknown.json.error, /no user named nobody/);
      for (const body of [{}, { username: '' }, { username: 7 }, { username: 'admin', password: 'x' }]) {
        const res = await dev('POST', '/api/v1/dev/token', body);
        assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
        assert.equal(typeof res.json.error, 'string');
      }
      const admin = await signInAdmin(t);
      const person = await personWithRole(t, admin, 'USER');
      const deactivated = await gql(
        t,
        'mutation($id: ID!) { deactivateUser(id: $id) { active } }',
        { id: person.userId },
        admin.accessToken,
      );
      assert.equal(deactivated.errors, undefined, deactivated.text);
      const res = await dev('POST', '/api/v1/dev/token', { username: person.username });
      assert.equal(res.status, 400);
      assert.match(res.json.error, /deactivated/);
    });
  });

  describe(`production has no development surface (${backend.name})`, () => {
    it('/ and /api/v1/dev/* are 404 without the development module', async () => {
      const t = await startTestServer(backend);
      try {
        for (const [method, path] of [
          ['GET', '/'],
          ['GET', '/api/v1/dev/info'],
          ['POST', '/api/v1/dev/seed'],
          ['POST', '/api/v1/dev/token'],
        ] as const) {
          const res = await t.call(method, path, method === 'POST' ? { services: 1, username: 'admin' } : undefined);
          assert.equal(res.status, 404, `${method} ${path}`);
          assert.equal(typeof res.json.error, 'string');
        }
      } finally {
        await t.close();
      }
    });
  });
}

describe('release build', () => {
  let out: string;
  before(async () => {
    out = mkdtempSync(join(tmpdir(), 'svc-release-'));
    await promisify(execFile)(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json', '--outDir', out], { cwd: root });
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  const emitted = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? emitted(join(dir, e.name)) : [join(dir, e.name)]));

  it('emits nothing of src/plugins/dev and imports nothing from it', () => {
    const files = emitted(out).map((f) => relative(out, f));
    assert.ok(files.includes(join('src', 'main.js')), 'the build ran');
    assert.deepEqual(
      files.filter((f) => f.split(/[\\/]/).includes('dev')),
      [],
    );
    const importsDev = /(from\s*|import\s*\(\s*|require\s*\(\s*)["'][^"']*\/dev\//;
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(out, file), 'utf8');
      assert.doesNotMatch(text, importsDev, `${file} imports the development module`);
      // The one mention: main.js's specifier constant, loaded in development only by a dynamic import.
      if (text.includes('dev/index')) {
        assert.equal(file, join('src', 'main.js'), `${file} references dev/index`);
        assert.deepEqual(text.match(/.*dev\/index.*/g), ["const DEV_MODULE = './plugins/dev/index.js';"]);
      }
    }
  });

  it('started with SVC_ENV=development, it warns that the module is absent and serves without it', async () => {
    // What the release image holds: the compiled tree, the package's type, the dependencies.
    writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module', version: '9.9.9' }));
    symlinkSync(join(root, 'node_modules'), join(out, 'node_modules'), 'dir');
    const dataDir = join(out, 'data');
    mkdirSync(dataDir);
    await seededDataDir(join(dataDir, 'pglite'));

    const child = spawn(process.execPath, [join(out, 'src/main.js')], {
      env: {
        PATH: process.env['PATH'] ?? '',
        SVC_ENV: 'development',
        SVC_HOST: '127.0.0.1',
        SVC_PORT: '0',
        SVC_DATA_DIR: dataDir,
        SVC_JWT_SECRET: TEST_JWT_SECRET,
        ...BOOTSTRAP_ENV,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: Record<string, any>[] = [];
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let buffered = '';
        const timer = setTimeout(() => reject(new Error(`no "listening" within 30 s; stderr: ${stderr}`)), 30_000);
        child.once('exit', (code) => reject(new Error(`exited with ${code}; stderr: ${stderr}`)));
        child.stdout.on('data', (chunk) => {
          buffered += chunk;
          for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
            const record = JSON.parse(buffered.slice(0, nl));
            buffered = buffered.slice(nl + 1);
            lines.push(record);
            if (record.msg === 'listening') {
              clearTimeout(timer);
              resolve(record.url);
            }
          }
        });
      });
      const warning = lines.find((r) => r.level === 'warn' && /development module/.test(r.msg));
      assert.ok(warning, `a warning names the missing module: ${JSON.stringify(lines)}`);
      assert.match(warning.msg, /npm run dev/);
      assert.equal((await call(url, 'GET', '/')).status, 404);
      assert.equal((await call(url, 'GET', '/api/v1/dev/info')).status, 404);
      assert.equal((await call(url, 'GET', '/health')).status, 200);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    }
  });
});
