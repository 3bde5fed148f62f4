/**
 * The console's files under /app/ (src/plugins/console): the single-page fallback, caching, the compressed
 * forms the build wrote, 404 for a missing asset, no way out of the build directory, 503 when there
 * is no build, and methods, rate limit and security headers as the gateway handles other routes.
 * A small build made here (files of known content, compressed by the build step's own script), so
 * each rule is checked against exact bytes; the real Vite build is exercised by test/e2e.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get as httpGet } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { embeddedBackend } from '../../../support/backends.js';
import { REPO_ROOT } from '../../../support/repoRoot.js';
import { RawConnection, SECURITY_HEADERS } from '../../../support/rawHttp.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/app/assets/app-4f2a9c1b.js"></script></head><body><div id="root"></div></body></html>\n';
/** Large and repetitive enough that both compressed forms are written. */
const SCRIPT = `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, title: `Screen ${i}` })))};\n`;
const STYLE = 'body { margin: 0; font-family: system-ui, sans-serif; }\n'.repeat(40);
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#2b6cb0"/></svg>\n';
const SECRET = 'the-secret-outside-the-build';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A console build as `npm run build:web` leaves it: files, then their compressed forms. */
function makeBuild(root: string): string {
  const dir = join(root, 'web');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'favicon.svg'), FAVICON);
  writeFileSync(join(dir, 'assets', 'app-4f2a9c1b.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-9d8e7f6a.css'), STYLE);
  // Beside the build: what a path that climbs out of it would reach.
  writeFileSync(join(root, 'secret.txt'), SECRET);
  writeFileSync(join(root, 'package.json'), SECRET);
  const compressed = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'startBuild', 'precompress.mjs'), dir], { encoding: 'utf8' });
  assert.equal(compressed.status, 0, compressed.stderr);
  return dir;
}

async function get(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, { headers });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The bytes as they came: fetch would decode a compressed body and normalize `..` in the path;
 * node:http sends the path verbatim and decodes nothing.
 */
function raw(
  server: TestServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | undefined>; bytes: Buffer; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${server.url}${path.startsWith('/') ? '' : '/'}`, { path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string | undefined>,
          bytes,
          body: bytes.toString('utf8'),
        });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe('the console under /app/', () => {
  let root: string;
  let server: TestServer;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'svc-console-files-'));
    server = await startTestServer(embeddedBackend, { env: { SVC_CONSOLE_DIR: makeBuild(root) } });
  });
  after(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  describe('the single-page fallback', () => {
    for (const path of [
      '/app/',
      '/app',
      '/app/tickets',
      '/app/services/0f8fad5b-d9cb-469f-a165-70867728950e',
      '/app/signin/callback',
      '/app/admin/users/',
    ]) {
      it(`${path} answers index.html, revalidated on every load`, async () => {
        const res = await get(server, path);
        assert.equal(res.status, 200);
        assert.equal(res.body.toString(), INDEX);
        assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
        assert.equal(res.headers.get('cache-control'), 'no-cache');
      });
    }

    it('a query string does not change the answer', async () => {
      assert.equal((await get(server, '/app/tickets?status=OPEN&sort=-updated')).body.toString(), INDEX);
    });

    it('a file of the build outside assets/ is served as itself, revalidated', async () => {
      const res = await get(server, '/app/favicon.svg');
      assert.equal(res.status, 200);
      assert.equal(res.body.toString(), FAVICON);
      assert.equal(res.headers.get('content-type'), 'image/svg+xml');
      assert.equal(res.headers.get('cache-control'), 'no-cache');
    });

    it('paths outside /app are not the console', async () => {
      assert.equal((await get(server, '/application')).status, 404);
      assert.equal((await get(server, '/apps/x')).status, 404);
    });
  });

  describe('assets', () => {
    it('a script is served with its type and cached for good (its name changes with its content)', async () => {
      const res = await get(server, '/app/assets/app-4f2a9c1b.js', { 'accept-encoding': 'identity' });
      assert.equal(res.status, 200);
      assert.equal(res.body.toString(), SCRIPT);
      assert.equal(res.headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.equal(res.headers.get('cache-control'), IMMUTABLE);
      assert.equal(res.headers.get('content-encoding'), null);
    });

    it('a stylesheet is text/css', async () => {
      const res = await get(server, '/app/assets/app-9d8e7f6a.css');
      assert.equal(res.headers.get('content-type'), 'text/css; charset=utf-8');
      assert.equal(res.headers.get('cache-control'), IMMUTABLE);
    });

    it('a missing asset is 404 with an error body, not the page (a script must not get HTML)', async () => {
      for (const path of ['/app/assets/app-00000000.js', '/app/assets/', '/app/assets/app-4f2a9c1b.js.gz']) {
        const res = await get(server, path);
        assert.equal(res.status, 404, path);
        assert.equal(res.headers.get('content-type'), 'application/json', path);
        const body = JSON.parse(res.body.toString()) as Record<string, unknown>;
        assert.deepEqual(Object.keys(body), ['error'], path);
        assert.match(String(body['error']), /reload/, path);
      }
    });
  });

  describe('compression (the forms the build wrote)', () => {
    it('brotli when the client accepts it, with Vary', async () => {
      const res = await raw(server, '/app/assets/app-4f2a9c1b.js', { 'accept-encoding': 'gzip, deflate, br' });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-encoding'], 'br');
      assert.equal(res.headers['vary'], 'accept-encoding');
      assert.ok(Number(res.headers['content-length']) < SCRIPT.length / 3, 'smaller');
    });

    it('the brotli and gzip bodies decode to the file', async () => {
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const res = await raw(server, '/app/assets/app-4f2a9c1b.js', { 'accept-encoding': encoding });
        assert.equal(res.headers['content-encoding'], encoding);
        assert.equal(Number(res.headers['content-length']), res.bytes.length);
        assert.equal(decode(res.bytes).toString(), SCRIPT, encoding);
      }
    });

    it('gzip when brotli is not accepted', async () => {
      const res = await raw(server, '/app/', { 'accept-encoding': 'gzip' });
      assert.equal(res.headers['content-encoding'], 'gzip');
      assert.equal(res.headers['vary'], 'accept-encoding');
    });

    it('as it is when the client accepts no compression, or refuses both with q=0', async () => {
      for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0', '*;q=0', 'deflate']) {
        const res = await raw(server, '/app/assets/app-9d8e7f6a.css', header === undefined ? {} : { 'accept-encoding': header });
        assert.equal(res.headers['content-encoding'], undefined, String(header));
        assert.equal(res.body, STYLE, String(header));
        assert.equal(res.headers['vary'], 'accept-encoding', String(header));
      }
    });

    it('a wildcard accepts both: brotli', async () => {
      assert.equal((await raw(server, '/app/', { 'accept-encoding': '*' })).headers['content-encoding'], 'br');
    });
  });

  describe('no way out of the build directory', () => {
    const attempts = [
      '/app/../secret.txt',
      '/app/../package.json',
      '/app/assets/../../secret.txt',
      '/app/%2e%2e/secret.txt',
      '/app/%2e%2e%2fsecret.txt',
      '/app/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/app/assets/..%2f..%2fsecret.txt',
      '/app//etc/passwd',
      '/app/assets/%00',
      '/app/%E0%A4%A',
    ];
    for (const path of attempts) {
      it(`${path} never reads outside the build`, async () => {
        const res = await raw(server, path);
        assert.ok(!res.body.includes(SECRET), `${path} answered the file outside the build`);
        assert.ok(!res.body.includes('root:'), path);
        // Inside assets/ a path is a file or a 404; elsewhere the page (or the gateway's own 404 for a path outside /app).
        assert.ok(res.status === 404 || (res.status === 200 && res.body === INDEX), `${path}: ${res.status} ${res.body.slice(0, 80)}`);
      });
    }
  });

  describe('as the gateway handles every route', () => {
    it('the production security headers are on the page, an asset and a 404', async () => {
      for (const path of ['/app/', '/app/assets/app-4f2a9c1b.js', '/app/assets/missing.js']) {
        const res = await get(server, path);
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(res.headers.get(name), value, `${path}: ${name}`);
      }
    });

    it('HEAD and POST are answered 405 with Allow: GET', async () => {
      for (const method of ['HEAD', 'POST']) {
        for (const path of ['/app/', '/app/assets/app-4f2a9c1b.js']) {
          const response = await fetch(server.url + path, { method });
          assert.equal(response.status, 405, `${method} ${path}`);
          assert.equal(response.headers.get('allow'), 'GET', `${method} ${path}`);
        }
      }
    });

    it('a GET with a body is refused (413): the console takes none', async () => {
      const connection = await RawConnection.open(Number(new URL(server.url).port));
      try {
        await connection.write('GET /app/ HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 5\r\n\r\nhello');
        assert.equal((await connection.response()).status, 413);
      } finally {
        connection.close();
      }
    });

    it('the API works beside it', async () => {
      assert.equal((await get(server, '/health')).status, 200);
    });
  });
});

describe('the console and the rate limit (1 request/s, burst 2)', () => {
  let root: string;
  let server: TestServer;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'svc-console-limit-'));
    server = await startTestServer(embeddedBackend, {
      env: { SVC_CONSOLE_DIR: makeBuild(root), SVC_RATE_LIMIT_RPS: '1', SVC_RATE_LIMIT_BURST: '2' },
    });
  });
  after(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('assets do not spend the tokens the page and its API calls need; the page does', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await get(server, '/app/assets/app-4f2a9c1b.js')).status, 200, `asset ${i}`);
    const pages = [];
    for (let i = 0; i < 4; i++) pages.push((await get(server, '/app/')).status);
    assert.deepEqual(pages.slice(0, 2), [200, 200]);
    assert.ok(pages.slice(2).includes(429), `the page is limited: ${pages.join(', ')}`);
  });
});

describe('no console build', () => {
  let root: string;
  let server: TestServer;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'svc-console-none-'));
    server = await startTestServer(embeddedBackend, { env: { SVC_CONSOLE_DIR: root } });
  });
  after(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('/app/ and its assets answer 503 saying how to build it', async () => {
    for (const path of ['/app/', '/app', '/app/tickets', '/app/assets/app.js']) {
      const res = await get(server, path);
      assert.equal(res.status, 503, path);
      assert.deepEqual(JSON.parse(res.body.toString()), { error: 'the console is not built here: run npm run build:web (or npm start)' });
    }
  });

  it('a warning at start names the directory', () => {
    const warning = server.logs.find(
      (record) => record['level'] === 'warn' && String(record['msg']).startsWith('the console is not built here'),
    );
    assert.ok(warning, 'a warning is logged');
    assert.equal(warning['dir'], root);
  });

  it('the API keeps working', async () => {
    assert.equal((await get(server, '/health')).status, 200);
  });
});
