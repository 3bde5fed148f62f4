/**
 * The licence command-line tool (src/plugins/license/cli.ts) run as a child process, as `npm run license` runs it:
 * keygen -> issue -> inspect; exit status 0 for a valid token, 1 for an invalid one, 2 for bad arguments.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sourceModuleArgs } from '../../../support/childServer.js';
import { REPO_ROOT } from '../../../support/repoRoot.js';

const root = REPO_ROOT;
const DAY = 86_400_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The ambient environment without any SVC_LICENSE_* value, plus `env`. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SVC_LICENSE_')));
  return { ...base, ...env };
}

function cli(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...sourceModuleArgs('plugins/license/cli.ts'), ...args], {
      cwd: root,
      env: cleanEnv(options.env ?? {}),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

async function keygen(): Promise<{ publicKey: string; secretKey: string }> {
  const run = await cli(['keygen']);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as { publicKey: string; secretKey: string };
}

describe('svc-license command-line tool', () => {
  let dir: string;
  let keys: { publicKey: string; secretKey: string };
  let other: { publicKey: string; secretKey: string };
  let keyFile: string;
  let token: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-license-'));
    [keys, other] = await Promise.all([keygen(), keygen()]);
    keyFile = join(dir, 'desk-key.json');
    writeFileSync(keyFile, JSON.stringify(keys), { mode: 0o600 });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('keygen prints a base64 key pair as JSON and says where the public key goes', async () => {
    assert.equal(Buffer.from(keys.publicKey, 'base64').length, 32);
    assert.equal(Buffer.from(keys.secretKey, 'base64').length, 64);
    assert.notEqual(keys.publicKey, other.publicKey);
    const run = await cli(['keygen']);
    assert.match(run.stderr, /SVC_LICENSE_PUBLIC_KEY=/);
  });

  it('issue prints a token (and never the secret key); inspect with the matching public key exits 0', async () => {
    const before = Date.now();
    const issued = await cli([
      'issue',
      '--customer',
      'ACME Ltd',
      '--plugins',
      'ticketing, sla',
      '--days',
      '30',
      '--license-id',
      'lic-42',
      '--secret-key-file',
      keyFile,
    ]);
    assert.equal(issued.code, 0, issued.stderr);
    token = issued.stdout.trim();
    assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    assert.ok(!issued.stdout.includes(keys.secretKey) && !issued.stderr.includes(keys.secretKey));
    assert.match(issued.stderr, new RegExp(`public key ${keys.publicKey.replace(/[+/]/g, '\\$&')}`));

    const inspected = await cli(['inspect', token, '--public-key', keys.publicKey]);
    assert.equal(inspected.code, 0, inspected.stderr);
    const out = JSON.parse(inspected.stdout);
    assert.equal(out.payload.licenseId, 'lic-42');
    assert.equal(out.payload.customer, 'ACME Ltd');
    assert.deepEqual(out.payload.plugins, ['ticketing', 'sla']);
    const issuedAt = Date.parse(out.payload.issuedAt);
    assert.ok(issuedAt >= before - 1000 && issuedAt <= Date.now());
    assert.equal(Date.parse(out.payload.expiresAt) - issuedAt, 30 * DAY);
    assert.deepEqual(out.verification, {
      valid: true,
      publicKey: keys.publicKey,
      keySource: '--public-key',
      plugins: ['ticketing', 'sla'],
      unknownPlugins: [],
    });
  });

  it('inspect with another key, or the built-in key, shows the payload but exits 1', async () => {
    const wrong = await cli(['inspect', token, '--public-key', other.publicKey]);
    assert.equal(wrong.code, 1);
    const out = JSON.parse(wrong.stdout);
    assert.equal(out.payload.customer, 'ACME Ltd');
    assert.equal(out.verification.valid, false);
    assert.equal(out.verification.reason, 'bad-signature');
    assert.match(wrong.stderr, /Invalid licence token \(bad-signature\)/);

    const builtIn = await cli(['inspect', token]);
    assert.equal(builtIn.code, 1);
    assert.equal(JSON.parse(builtIn.stdout).verification.keySource, 'built-in');

    const garbage = await cli(['inspect', 'not-a-token']);
    assert.equal(garbage.code, 1);
    assert.deepEqual(
      { payload: JSON.parse(garbage.stdout).payload, reason: JSON.parse(garbage.stdout).verification.reason },
      { payload: null, reason: 'malformed' },
    );
  });

  it('the keys can come from the environment, and the token from standard input', async () => {
    const issued = await cli(['issue', '--customer', 'Globex', '--plugins', 'audit', '--no-expiry'], {
      env: { SVC_LICENSE_SECRET_KEY: keys.secretKey },
    });
    assert.equal(issued.code, 0, issued.stderr);
    assert.match(issued.stderr, /does not expire/);
    const inspected = await cli(['inspect', '-'], { env: { SVC_LICENSE_PUBLIC_KEY: keys.publicKey }, stdin: issued.stdout });
    assert.equal(inspected.code, 0, inspected.stderr);
    const out = JSON.parse(inspected.stdout);
    assert.equal(out.payload.expiresAt, null);
    assert.match(out.payload.licenseId, /^lic-[0-9a-f-]{36}$/);
    assert.equal(out.verification.keySource, 'SVC_LICENSE_PUBLIC_KEY');
  });

  it('--help prints the usage and exits 0', async () => {
    for (const args of [['--help'], ['issue', '--help'], ['inspect', '-h']]) {
      const run = await cli(args);
      assert.equal(run.code, 0, args.join(' '));
      assert.match(run.stdout, /^Usage: svc-license <command>/);
    }
  });

  it('bad arguments exit 2 with a reason and the usage on standard error', async () => {
    const issue = ['issue', '--secret-key-file', '<file>'];
    const cases: Array<[string[], RegExp]> = [
      [[], /no command given/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [['keygen', 'extra'], /keygen takes no arguments/],
      [[...issue, '--plugins', 'sla', '--days', '30'], /--customer <name> is required/],
      [[...issue, '--customer', 'A', '--days', '30'], /--plugins <list> is required/],
      [[...issue, '--customer', 'A', '--plugins', 'sla,reporting', '--days', '30'], /unknown plugin "reporting"/],
      [[...issue, '--customer', 'A', '--plugins', ',', '--days', '30'], /at least one plugin/],
      [[...issue, '--customer', 'A', '--plugins', 'sla'], /--days <n> or --no-expiry/],
      [[...issue, '--customer', 'A', '--plugins', 'sla', '--days', '0'], /--days must be a whole number/],
      [[...issue, '--customer', 'A', '--plugins', 'sla', '--days', '1.5'], /--days must be a whole number/],
      [[...issue, '--customer', 'A', '--plugins', 'sla', '--days', '3', '--no-expiry'], /not both/],
      [[...issue, '--customer', 'A', '--plugins', 'sla', '--days', '3', '--colour', 'red'], /Unknown option '--colour'/],
      [['issue', '--customer', 'A', '--plugins', 'sla', '--days', '3'], /no secret key/],
      [['issue', '--customer', 'A', '--plugins', 'sla', '--days', '3', '--secret-key', 'AAAA'], /--secret-key: .*3 bytes/],
      [
        ['issue', '--customer', 'A', '--plugins', 'sla', '--days', '3', '--secret-key-file', '/nonexistent/key'],
        /cannot read --secret-key-file/,
      ],
      [['inspect'], /give the token/],
      [['inspect', 'a.b', 'c.d'], /exactly one token/],
      [['inspect', 'a.b', '--public-key', 'AAAA'], /--public-key: .*3 bytes/],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli(args.map((arg) => (arg === '<file>' ? keyFile : arg)))));
    runs.forEach((run, i) => {
      const [args, message] = cases[i] as [string[], RegExp];
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message, args.join(' '));
      assert.match(run.stderr, /Usage: svc-license/);
      assert.equal(run.stdout, '', 'nothing on standard output');
    });
  });
});
