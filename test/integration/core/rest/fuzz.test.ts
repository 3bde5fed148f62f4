/**
 * Seeded, deterministic fuzzing of the machine API: every REST body endpoint and the GET query
 * strings get malformed JSON, wrong types, huge numbers, long strings, deep nesting, invalid UTF-8,
 * control characters, duplicate and prototype keys. The contract checked on every answer:
 *
 * - never a 5xx (bad input is the client's problem, and must never fail a group commit that other
 *   clients' changes share);
 * - a non-2xx answer is JSON `{"error": "<non-empty message>"}`;
 * - a refused request changed nothing, in the database or in memory;
 * - the server still answers GET /health after each batch.
 *
 * Reproduce a failure with the seed printed in its message: FUZZ_SEED=<seed> node --import tsx --test ...
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { startTestServer, TEST_API_KEY, type TestServer } from '../../../support/testServer.js';

const SEED = process.env['FUZZ_SEED'] !== undefined ? Number(process.env['FUZZ_SEED']) >>> 0 : 0x5eed_2026;
const RANDOM_CASES_PER_ENDPOINT = 100;
const BYTE_FLIP_CASES_PER_ENDPOINT = 120;
const HEALTH_CHECK_EVERY = 25;

// ---------------------------------------------------------------------------------------------
// Seeded randomness

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  letters(n: number): string {
    let out = '';
    for (let i = 0; i < n; i += 1) out += String.fromCharCode(97 + this.int(26));
    return out;
  }
  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i += 1) out[i] = this.int(256);
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Bodies: plain JSON values, plus raw JSON text (for what JSON.stringify cannot produce: 1e400,
// -0, invalid UTF-8, deep nesting without recursion) and objects with repeated keys.

class Raw {
  readonly bytes: Buffer;
  constructor(text: string | Buffer) {
    this.bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  }
}

class Pairs {
  constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}
}

function encode(value: unknown): Buffer {
  const out: Buffer[] = [];
  write(value, out);
  return Buffer.concat(out);
}

function write(value: unknown, out: Buffer[]): void {
  if (value instanceof Raw) {
    out.push(value.bytes);
  } else if (value instanceof Pairs) {
    out.push(Buffer.from('{'));
    value.entries.forEach(([key, item], i) => {
      out.push(Buffer.from(`${i > 0 ? ',' : ''}${JSON.stringify(key)}:`));
      write(item, out);
    });
    out.push(Buffer.from('}'));
  } else if (Array.isArray(value)) {
    out.push(Buffer.from('['));
    value.forEach((item, i) => {
      if (i > 0) out.push(Buffer.from(','));
      write(item, out);
    });
    out.push(Buffer.from(']'));
  } else if (typeof value === 'object' && value !== null) {
    write(new Pairs(Object.entries(value)), out);
  } else {
    out.push(Buffer.from(JSON.stringify(value) ?? 'null', 'utf8'));
  }
}

type Path = readonly (string | number)[];

function setPath(root: Record<string, unknown>, path: Path, value: unknown): void {
  let node: Record<string | number, unknown> = root;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  Object.defineProperty(node, path[path.length - 1]!, { value, enumerable: true, writable: true, configurable: true });
}

function deletePath(root: Record<string, unknown>, path: Path): void {
  let node: Record<string | number, unknown> = root;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  delete node[path[path.length - 1]!];
}

function getPath(root: unknown, path: Path): unknown {
  let node = root as Record<string | number, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<string | number, unknown> | undefined;
  return node;
}

const deepArrays = (depth: number) => new Raw('['.repeat(depth) + ']'.repeat(depth));
const deepObjects = (depth: number) => new Raw(`${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`);

// ---------------------------------------------------------------------------------------------
// The endpoints, their valid bodies and the fields they read

type Kind = 'name' | 'path' | 'text' | 'enum' | 'integer' | 'number' | 'boolean' | 'list' | 'object' | 'array' | 'uuid';

interface Field {
  readonly path: Path;
  readonly kind: Kind;
}

interface Endpoint {
  readonly path: string;
  /** Largest body the endpoint reads (SPEC.md "Limits"). */
  readonly limit: number;
  /** A valid body; `n` makes names unique per case, `rng` picks between new and existing entities. */
  template(n: number, rng: Random): Record<string, unknown>;
  readonly fields: readonly Field[];
}

const KiB = 1024;
const NODE = {
  register: 'fuzz/eu/k8s-1/register',
  sync: 'fuzz/eu/k8s-1/sync',
  heartbeat: 'fuzz/eu/k8s-1/heartbeat',
  commands: 'fuzz/eu/k8s-1/commands',
  health: 'fuzz/eu/k8s-1/health',
  storage: 'fuzz/eu/k8s-1/storage',
  backup: 'fuzz/eu/k8s-1/backup',
};
const STATUSES = ['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'];
const SYNC_SERVICES = ['sync-0', 'sync-1', 'sync-2', 'sync-3', 'sync-4'];

/** Command ids queued for the command-result endpoint (filled in `before`). */
const commandPool: string[] = [];
let commandCursor = 0;
const nextCommandId = () => commandPool[commandCursor++ % commandPool.length]!;

const serviceName = (prefix: string, n: number, rng: Random) => (rng.chance(0.3) ? `${prefix}-${rng.int(5)}` : `${prefix}-${n}`);

const ENDPOINTS: readonly Endpoint[] = [
  {
    path: '/api/v1/operator/register',
    limit: 512 * KiB,
    template: (n, rng) => ({
      name: serviceName('reg', n, rng),
      displayName: 'Payments API',
      nodeId: NODE.register,
      criticality: 'critical',
      serviceType: 'database',
      namespace: 'payments',
      slaGroup: 'gold',
      tags: ['payments', 'tier-1'],
      metadata: { owner: 'team-a', links: { runbook: 'https://runbooks.example.com/payments' } },
      operations: { backup: { expected: true, maxAgeDays: 7 } },
    }),
    fields: [
      { path: ['name'], kind: 'name' },
      { path: ['displayName'], kind: 'text' },
      { path: ['nodeId'], kind: 'path' },
      { path: ['criticality'], kind: 'name' },
      { path: ['serviceType'], kind: 'name' },
      { path: ['namespace'], kind: 'name' },
      { path: ['slaGroup'], kind: 'name' },
      { path: ['tags'], kind: 'list' },
      { path: ['tags', 0], kind: 'name' },
      { path: ['metadata'], kind: 'object' },
      { path: ['metadata', 'owner'], kind: 'text' },
      { path: ['metadata', 'links'], kind: 'object' },
      { path: ['operations'], kind: 'object' },
      { path: ['operations', 'backup'], kind: 'object' },
      { path: ['operations', 'backup', 'expected'], kind: 'boolean' },
      { path: ['operations', 'backup', 'maxAgeDays'], kind: 'integer' },
    ],
  },
  {
    path: '/api/v1/operator/status',
    limit: 2048 * KiB,
    template: (_n, rng) => ({
      nodeId: NODE.sync,
      operatorVersion: '1.8.0',
      services: [
        {
          name: rng.pick(SYNC_SERVICES),
          externalId: `${NODE.sync}/x`,
          namespace: 'payments',
          status: rng.pick(STATUSES),
          message: `reconciled ${rng.int(1000)}`,
          workloadType: 'Deployment',
          workloadName: 'payments-api',
          replicas: 3,
          readyReplicas: rng.int(4),
          availableReplicas: 2,
          images: ['registry.example.com/payments:1.2.3'],
          slaGroup: 'gold',
        },
      ],
      slaGroups: [{ name: 'gold', displayName: 'Gold', tier: 'critical', targets: { uptime: 99.9 } }],
    }),
    fields: [
      { path: ['nodeId'], kind: 'path' },
      { path: ['operatorVersion'], kind: 'name' },
      { path: ['services'], kind: 'array' },
      { path: ['services', 0], kind: 'object' },
      { path: ['services', 0, 'name'], kind: 'name' },
      { path: ['services', 0, 'status'], kind: 'enum' },
      { path: ['services', 0, 'message'], kind: 'text' },
      { path: ['services', 0, 'namespace'], kind: 'name' },
      { path: ['services', 0, 'workloadType'], kind: 'name' },
      { path: ['services', 0, 'workloadName'], kind: 'name' },
      { path: ['services', 0, 'replicas'], kind: 'integer' },
      { path: ['services', 0, 'readyReplicas'], kind: 'integer' },
      { path: ['services', 0, 'availableReplicas'], kind: 'integer' },
      { path: ['services', 0, 'images'], kind: 'list' },
      { path: ['services', 0, 'images', 0], kind: 'name' },
      { path: ['services', 0, 'slaGroup'], kind: 'name' },
      { path: ['slaGroups'], kind: 'array' },
      { path: ['slaGroups', 0], kind: 'object' },
      { path: ['slaGroups', 0, 'name'], kind: 'name' },
      { path: ['slaGroups', 0, 'displayName'], kind: 'name' },
      { path: ['slaGroups', 0, 'tier'], kind: 'name' },
      { path: ['slaGroups', 0, 'targets'], kind: 'object' },
      { path: ['slaGroups', 0, 'targets', 'uptime'], kind: 'number' },
    ],
  },
  {
    path: '/api/v1/operator/heartbeat',
    limit: 64 * KiB,
    template: (_n, rng) => ({
      nodeId: NODE.heartbeat,
      version: '1.8.0',
      watchedServices: 10,
      healthyServices: rng.int(10),
      unhealthyServices: 1,
    }),
    fields: [
      { path: ['nodeId'], kind: 'path' },
      { path: ['version'], kind: 'name' },
      { path: ['watchedServices'], kind: 'integer' },
      { path: ['healthyServices'], kind: 'integer' },
      { path: ['unhealthyServices'], kind: 'integer' },
    ],
  },
  {
    path: '/api/v1/operator/command-result',
    limit: 64 * KiB,
    template: () => ({
      nodeId: NODE.commands,
      commandId: nextCommandId(),
      status: 'succeeded',
      message: 'resynced',
      output: { exitCode: 0, lines: ['ok'] },
    }),
    fields: [
      { path: ['nodeId'], kind: 'path' },
      { path: ['commandId'], kind: 'uuid' },
      { path: ['status'], kind: 'enum' },
      { path: ['message'], kind: 'text' },
      { path: ['output'], kind: 'object' },
      { path: ['output', 'lines'], kind: 'array' },
    ],
  },
  {
    path: '/api/v1/health/report',
    limit: 64 * KiB,
    template: (n, rng) => ({
      service: serviceName('health', n, rng),
      nodeId: NODE.health,
      status: rng.pick(STATUSES),
      message: `probe ${rng.int(1000)}`,
      criticality: 'critical',
      slaGroup: 'gold',
      serviceType: 'database',
      tags: ['external'],
    }),
    fields: [
      { path: ['service'], kind: 'name' },
      { path: ['nodeId'], kind: 'path' },
      { path: ['status'], kind: 'enum' },
      { path: ['message'], kind: 'text' },
      { path: ['criticality'], kind: 'name' },
      { path: ['slaGroup'], kind: 'name' },
      { path: ['serviceType'], kind: 'name' },
      { path: ['tags'], kind: 'list' },
      { path: ['tags', 0], kind: 'name' },
    ],
  },
  {
    path: '/api/v1/storage/report',
    limit: 64 * KiB,
    template: (n, rng) => ({
      service: serviceName('storage', n, rng),
      nodeId: NODE.storage,
      allocatedBytes: 1_000_000,
      usedBytes: rng.int(1_000_000),
      storageType: 'pvc',
      mountPath: '/var/lib/data',
    }),
    fields: [
      { path: ['service'], kind: 'name' },
      { path: ['nodeId'], kind: 'path' },
      { path: ['allocatedBytes'], kind: 'integer' },
      { path: ['usedBytes'], kind: 'integer' },
      { path: ['storageType'], kind: 'name' },
      { path: ['mountPath'], kind: 'text' },
    ],
  },
  {
    path: '/api/v1/backup/report',
    limit: 64 * KiB,
    template: (n, rng) => {
      const common = { status: rng.pick(['success', 'failed', 'partial']), sizeBytes: rng.int(1_000_000), message: 'nightly' };
      const mode = rng.int(6);
      if (mode === 0) return { slaGroup: 'gold', ...common };
      if (mode === 1) return { namespace: 'payments', ...common };
      return { service: serviceName('backup', n, rng), nodeId: NODE.backup, ...common };
    },
    fields: [
      { path: ['service'], kind: 'name' },
      { path: ['nodeId'], kind: 'path' },
      { path: ['slaGroup'], kind: 'name' },
      { path: ['namespace'], kind: 'name' },
      { path: ['status'], kind: 'enum' },
      { path: ['sizeBytes'], kind: 'integer' },
      { path: ['message'], kind: 'text' },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Mutations

/** Characters that are hostile somewhere: C0/C1 controls, NUL, DEL, bidi and zero-width marks, line separators, BOM, unpaired surrogates. */
const HOSTILE_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000a',
  '\u000d',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u00a0',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\ud83d',
  '\ud83d\ude00',
  '"',
  '\\',
  '/',
  '%00',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal '${x}' is one of the hostile inputs
  '${x}',
  "'; drop table services; --",
];

/** Invalid UTF-8 inside a JSON string: lone continuation, overlong NUL, CESU surrogate, truncated sequences, 0xff. */
const INVALID_UTF8 = [
  [0x80],
  [0xbf],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xe0, 0x80, 0x80],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xfe],
  [0xff],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x98],
  [0xc3],
];

/** Values every field gets thrown at it, whatever its type. */
function genericValues(original: unknown, rng: Random): unknown[] {
  return [
    null,
    true,
    false,
    0,
    -1,
    1.5,
    '',
    ' ',
    '0',
    'true',
    'null',
    [],
    {},
    [original],
    { value: original },
    new Raw('1e400'),
    new Raw('-1e400'),
    new Raw('18446744073709551616'),
    new Raw('-18446744073709551616'),
    new Raw('-0'),
    new Raw('1e-400'),
    new Raw('9007199254740993'),
    new Raw('1E2'),
    new Raw('0.0'),
    new Raw('123456789012345678901234567890e-20'),
    'x'.repeat(254),
    'x'.repeat(2049),
    rng.letters(5000),
    deepArrays(17),
    deepObjects(17),
    deepArrays(1000),
  ];
}

/** Values aimed at one kind of field: its edges, near misses and what its storage refuses. */
function specificValues(kind: Kind, original: unknown, rng: Random): unknown[] {
  switch (kind) {
    case 'integer':
    case 'number':
      return [
        String(original),
        `${String(original)} `,
        Number.MAX_SAFE_INTEGER,
        -Number.MAX_SAFE_INTEGER,
        2 ** 53,
        2 ** 31,
        -(2 ** 31) - 1,
        1e308,
        1e-300,
        99.999,
        100.0001,
        new Raw('1.0'),
        new Raw('1e2'),
        new Raw('-1e-400'),
      ];
    case 'boolean':
      return ['true', 'false', 1, 0, 'yes'];
    case 'enum':
      return [
        String(original).toLowerCase(),
        ` ${String(original)}`,
        `${String(original)}\u0000`,
        'operational\u200b',
        'ÖPERATIONAL',
        'SUCCEEDED',
      ];
    case 'list':
    case 'array':
      return [
        Array.from({ length: 65 }, (_, i) => `t${i}`),
        [1, null, {}, [], 'ok'],
        ['x'.repeat(129)],
        ['\u0000'],
        ['\ud800'],
        Array.from({ length: 1000 }, () => 'x'),
        deepArrays(50_000),
      ];
    case 'object':
      return [
        deepObjects(16),
        deepObjects(1000),
        deepObjects(30_000),
        { '\u0000': 1 },
        { key: 'a\u0000b' },
        { '\ud800': 1 },
        { key: ['\udc00'] },
        JSON.parse('{"__proto__":{"polluted":true}}'),
        { constructor: { prototype: { polluted: true } } },
        { backup: [] },
        { backup: { expected: 'yes' } },
        { backup: { maxAgeDays: 0 } },
        { backup: { maxAgeDays: 3651 } },
        { a: deepArrays(20_000) },
        { emoji: '😀', ok: true },
      ];
    case 'path':
      return [
        '/',
        '//',
        ' / / ',
        '/eu/prod/',
        'eu//prod',
        ' eu /prod ',
        'a/'.repeat(33),
        Array.from({ length: 32 }, () => rng.letters(128)).join('/'),
        Array.from({ length: 11 }, () => rng.letters(128)).join('/'),
        Array.from({ length: 12 }, () => rng.letters(128)).join('/'),
        Array.from({ length: 32 }, () => '€'.repeat(128)).join('/'),
        Array.from({ length: 4 }, () => '€'.repeat(128)).join('/'),
        `${rng.letters(129)}/x`,
        'é/ü/ß/漢字',
        'eu/\u0000/x',
        'eu/\u0085/x',
        'eu/\ud800/x',
        'eu/x\udfff',
        'eu/\u202e/x',
        'eu/😀/x',
        'unknown',
        '__proto__',
        '__proto__/constructor/prototype',
        'constructor',
      ];
    case 'uuid':
      return [
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        '../../etc/passwd',
        `${String(original)}x`,
        String(original).toUpperCase(),
        `{${String(original)}}`,
      ];
    case 'name':
    case 'text':
      return [
        123,
        12.5,
        'x'.repeat(253),
        'x'.repeat(254),
        rng.letters(253),
        '€'.repeat(253),
        '😀'.repeat(126),
        `a${'😀'.repeat(126)}`,
        `a${'😀'.repeat(1100)}`,
        'a\u0000b',
        'a\ud800',
        '\udfffb',
        'a/b',
        ' padded ',
        'x'.repeat(70_000),
        '__proto__',
        'constructor',
        'prototype',
        'hasOwnProperty',
        'toString',
        'unknown',
        '.',
        '..',
        '%2F',
        'SELECT 1;',
        '<script>x</script>',
      ];
  }
}

function hostileValues(kind: Kind, original: unknown, rng: Random): unknown[] {
  return [...genericValues(original, rng), ...specificValues(kind, original, rng)];
}

function withCharacter(original: unknown, rng: Random): string {
  const base = typeof original === 'string' && original !== '' ? original : 'value';
  const at = rng.int(base.length + 1);
  return base.slice(0, at) + rng.pick(HOSTILE_CHARACTERS) + base.slice(at);
}

function withInvalidUtf8(original: unknown, rng: Random): Raw {
  const base = typeof original === 'string' && original !== '' ? original : 'value';
  const at = rng.int(base.length + 1);
  const json = (s: string) => JSON.stringify(s).slice(1, -1);
  return new Raw(
    Buffer.concat([
      Buffer.from(`"${json(base.slice(0, at))}`),
      Buffer.from(rng.pick(INVALID_UTF8)),
      Buffer.from(`${json(base.slice(at))}"`),
    ]),
  );
}

interface Case {
  readonly label: string;
  readonly body: Buffer;
  readonly contentType?: string;
}

/** Bodies wrong as a whole: not JSON, not an object, not UTF-8, not bounded. */
function wholeBodyCases(template: Record<string, unknown>, rng: Random): Case[] {
  const text = encode(template).toString('utf8');
  const bom = Buffer.from([0xef, 0xbb, 0xbf]);
  const raw: Array<[string, string | Buffer]> = [
    ['empty', ''],
    ['space', ' '],
    ['newline', '\n'],
    ['open brace', '{'],
    ['close brace', '}'],
    ['empty object', '{}'],
    ['empty array', '[]'],
    ['array of object', `[${text}]`],
    ['null', 'null'],
    ['true', 'true'],
    ['false', 'false'],
    ['zero', '0'],
    ['minus zero', '-0'],
    ['1e400', '1e400'],
    ['string', '"body"'],
    ['empty string', '""'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['undefined', 'undefined'],
    ['single quotes', text.replaceAll('"', "'")],
    ['unquoted keys', text.replace(/"(\w+)":/g, '$1:')],
    ['trailing comma', text.replace(/}$/, ',}')],
    ['line comment', `${text}// trailing comment`],
    ['block comment', `/* leading */${text}`],
    ['trailing garbage', `${text}x`],
    ['extra brace', `${text}}`],
    ['two documents', `${text} ${text}`],
    ['NaN value', text.replace(/:\s*(\d+)/, ':NaN')],
    ['Infinity value', text.replace(/:\s*(\d+)/, ':-Infinity')],
    ['hex number', text.replace(/:\s*(\d+)/, ':0x10')],
    ['leading zero', text.replace(/:\s*(\d+)/, ':007')],
    ['plus sign', text.replace(/:\s*(\d+)/, ':+1')],
    ['BOM', Buffer.concat([bom, Buffer.from(text)])],
    ['double BOM', Buffer.concat([bom, bom, Buffer.from(text)])],
    ['UTF-16LE', Buffer.from(text, 'utf16le')],
    ['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    ['NUL byte', '\u0000'],
    ['NUL after body', `${text}\u0000`],
    ['0xff 0xfe', Buffer.from([0xff, 0xfe])],
    ['random bytes', rng.bytes(64)],
    ['random bytes after body', Buffer.concat([Buffer.from(text), rng.bytes(16)])],
    ['100k nested arrays', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['100k nested objects', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
    ['unclosed 100k arrays', '['.repeat(100_000)],
    ['1000 nested arrays', '['.repeat(1000) + ']'.repeat(1000)],
    ['__proto__ at root', `{"__proto__":{"polluted":true,"status":"DOWN"},${text.slice(1)}`],
    ['constructor.prototype at root', `{"constructor":{"prototype":{"polluted":true}},${text.slice(1)}`],
    ['__proto__ only', '{"__proto__":null}'],
    ['huge key', `{"${'k'.repeat(60_000)}":1}`],
    ['many keys', `{${Array.from({ length: 5000 }, (_, i) => `"k${i}":${i}`).join(',')}}`],
    ['escaped NUL key', '{"\\u0000":1}'],
    ['lone surrogate escape', '{"\\ud800":"\\udfff"}'],
    ['invalid escape', text.replace(/"(\w)/, '"\\x$1')],
    ['unterminated string', `${text.slice(0, text.indexOf('"', 2) + 1)}abc`],
  ];
  const cases: Case[] = raw.map(([label, body]) => ({ label, body: typeof body === 'string' ? Buffer.from(body, 'utf8') : body }));
  for (let i = 0; i < 6; i += 1) {
    const at = 1 + rng.int(text.length - 1);
    cases.push({ label: `truncated at ${at}`, body: Buffer.from(text.slice(0, at)) });
  }
  cases.push({ label: 'valid body as text/plain', body: Buffer.from(text), contentType: 'text/plain' });
  cases.push({ label: 'valid body as form', body: Buffer.from(text), contentType: 'application/x-www-form-urlencoded' });
  return cases;
}

/**
 * Every kind-specific value on a field of that kind, and every generic value on some field, so
 * each edge is tried on every endpoint whatever the seed picks.
 */
function systematicCases(endpoint: Endpoint, n: number, rng: Random): Case[] {
  const cases: Case[] = [];
  const kinds = [...new Set(endpoint.fields.map((f) => f.kind))];
  const mutate = (field: Field, values: (original: unknown) => unknown[], index: number) => {
    const body = endpoint.template(n + cases.length, rng);
    const value = values(getPath(body, field.path))[index];
    try {
      setPath(body, field.path, value);
    } catch {
      return; // the template of this mode has no parent for the field
    }
    cases.push({ label: `${field.path.join('.')} = ${show(value)}`, body: encode(body) });
  };
  for (const kind of kinds) {
    const fields = endpoint.fields.filter((f) => f.kind === kind);
    const count = specificValues(kind, '', rng).length;
    for (let v = 0; v < count; v += 1)
      mutate(fields[(v + rng.int(fields.length)) % fields.length]!, (o) => specificValues(kind, o, rng), v);
  }
  const genericCount = genericValues('', rng).length;
  for (let v = 0; v < genericCount; v += 1) mutate(rng.pick(endpoint.fields), (o) => genericValues(o, rng), v);
  return cases;
}

/** One random mutation of a valid body. */
function randomCase(endpoint: Endpoint, n: number, rng: Random): Case {
  const body = endpoint.template(n, rng);
  const present = endpoint.fields.filter((f) => getPath(body, f.path) !== undefined);
  const pickField = () => rng.pick(present);
  const strategy = rng.pick([
    'type',
    'type',
    'type',
    'multi',
    'character',
    'character',
    'utf8',
    'remove',
    'duplicate',
    'proto',
    'deep',
  ] as const);
  switch (strategy) {
    case 'type': {
      const field = pickField();
      const value = rng.pick(hostileValues(field.kind, getPath(body, field.path), rng));
      setPath(body, field.path, value);
      return { label: `${field.path.join('.')} = ${show(value)}`, body: encode(body) };
    }
    case 'multi': {
      const labels: string[] = [];
      for (let k = 0, count = 2 + rng.int(3); k < count; k += 1) {
        const field = pickField();
        if (getPath(body, field.path.slice(0, -1)) === undefined && field.path.length > 1) continue;
        const value = rng.pick(hostileValues(field.kind, getPath(body, field.path), rng));
        try {
          setPath(body, field.path, value);
          labels.push(`${field.path.join('.')} = ${show(value)}`);
        } catch {
          // the parent was replaced by a scalar earlier in this case
        }
      }
      return { label: labels.join('; '), body: encode(body) };
    }
    case 'character': {
      const field = rng.pick(present.filter((f) => typeof getPath(body, f.path) === 'string'));
      const value = withCharacter(getPath(body, field.path), rng);
      setPath(body, field.path, value);
      return { label: `${field.path.join('.')} = ${show(value)}`, body: encode(body) };
    }
    case 'utf8': {
      const field = rng.pick(present.filter((f) => typeof getPath(body, f.path) === 'string'));
      const value = withInvalidUtf8(getPath(body, field.path), rng);
      setPath(body, field.path, value);
      return { label: `${field.path.join('.')} = ${show(value)}`, body: encode(body) };
    }
    case 'remove': {
      const field = pickField();
      deletePath(body, field.path);
      return { label: `without ${field.path.join('.')}`, body: encode(body) };
    }
    case 'duplicate': {
      const top = rng.pick(Object.keys(body));
      const wrong = rng.pick(hostileValues('name', body[top], rng));
      const entries = Object.entries(body);
      const pairs = rng.chance(0.5) ? [[top, wrong] as const, ...entries] : [...entries, [top, wrong] as const];
      return { label: `duplicate key ${top} (${show(wrong)})`, body: encode(new Pairs(pairs)) };
    }
    case 'proto': {
      const key = rng.pick(['__proto__', 'constructor', 'prototype']);
      const polluted =
        key === 'constructor' ? { prototype: { polluted: true, status: 'DOWN' } } : { polluted: true, status: 'DOWN', nodeId: 'evil' };
      const objects = [[], ...present.filter((f) => f.kind === 'object').map((f) => f.path)];
      const where = rng.pick(objects);
      const target = getPath(body, where);
      if (typeof target !== 'object' || target === null) return { label: 'proto (no target)', body: encode(body) };
      setPath(target as Record<string, unknown>, [key], polluted);
      return { label: `${[...where, key].join('.')} = ${show(polluted)}`, body: encode(body) };
    }
    case 'deep': {
      const field = pickField();
      const value = rng.pick([
        deepArrays(100_000),
        deepObjects(100_000),
        deepArrays(30_000),
        deepObjects(16),
        deepObjects(17),
        deepArrays(5000),
      ]);
      setPath(body, field.path, value);
      return { label: `${field.path.join('.')} = ${show(value)}`, body: encode(body) };
    }
  }
}

function show(value: unknown): string {
  if (value instanceof Raw)
    return `raw(${value.bytes.length > 40 ? `${value.bytes.subarray(0, 20).toString('hex')}... ${value.bytes.length} bytes` : value.bytes.toString('hex')})`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 60)}... (${text.length} chars)` : text;
}

// ---------------------------------------------------------------------------------------------
// The contract

interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
}

async function send(url: string, method: string, path: string, body?: Buffer, contentType = 'application/json'): Promise<Answer> {
  const init: RequestInit = { method, headers: { 'x-api-key': TEST_API_KEY, ...(body ? { 'content-type': contentType } : {}) } };
  if (body) init.body = body;
  const response = await fetch(url + path, init);
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

/** Never a 5xx; a refusal is `{"error": "<message>"}` and nothing else. */
function assertAnswer(answer: Answer, context: string): void {
  assert.ok(answer.status < 500, `${context}: answered ${answer.status} ${answer.text.slice(0, 300)}`);
  if (answer.status >= 200 && answer.status < 300) {
    assert.doesNotThrow(() => JSON.parse(answer.text), `${context}: 2xx body is not JSON: ${answer.text.slice(0, 200)}`);
    return;
  }
  assert.match(answer.contentType ?? '', /^application\/json/, `${context}: ${answer.status} without a JSON content type`);
  let json: unknown;
  assert.doesNotThrow(
    () => (json = JSON.parse(answer.text)),
    `${context}: ${answer.status} body is not JSON: ${answer.text.slice(0, 200)}`,
  );
  assert.ok(typeof json === 'object' && json !== null && !Array.isArray(json), `${context}: ${answer.status} body is not an object`);
  assert.deepEqual(
    Object.keys(json as object),
    ['error'],
    `${context}: ${answer.status} body has other fields: ${answer.text.slice(0, 200)}`,
  );
  const error = (json as { error: unknown }).error;
  assert.ok(typeof error === 'string' && error.trim() !== '', `${context}: ${answer.status} with an empty error message`);
}

/** Everything a request could change, in the database; the manual clock moves 1 ms per case so every change moves a timestamp. */
async function databaseFingerprint(t: TestServer): Promise<string> {
  const result = await t.server.database.knex.raw(`select
      (select count(*) from nodes)::int as nodes,
      (select count(*) from services)::int as services,
      (select count(*) from status_intervals)::int as intervals,
      (select count(*) from backup_reports)::int as backups,
      (select count(*) from agents)::int as agents,
      (select count(*) from agent_commands where completed_at is not null)::int as completed,
      (select count(*) from sla_groups)::int as groups,
      (select max(updated_at) from services) as services_at,
      (select max(greatest(last_heartbeat_at, last_status_sync_at)) from agents) as agents_at,
      (select max(delivered_at) from agent_commands) as delivered_at,
      (select max(updated_at) from sla_groups) as groups_at`);
  return JSON.stringify((result as { rows: unknown[] }).rows[0]);
}

/** The same, as the state core holds it. */
function memoryFingerprint(t: TestServer): string {
  const { fleet } = t.server;
  let servicesAt = 0;
  for (const s of fleet.services.all()) servicesAt = Math.max(servicesAt, s.updatedAt);
  const agents = fleet.agents.list();
  const agentsAt = Math.max(0, ...agents.map((a) => Math.max(a.lastHeartbeatAt ?? 0, a.lastStatusSyncAt ?? 0)));
  const groupsAt = Math.max(0, ...fleet.slaGroups.list().map((g) => g.updatedAt));
  return JSON.stringify({
    nodes: fleet.nodes.size,
    services: fleet.services.size,
    agents: agents.length,
    groups: fleet.slaGroups.list().length,
    servicesAt,
    agentsAt,
    groupsAt,
  });
}

async function assertMemoryMatchesDatabase(t: TestServer, context: string): Promise<void> {
  const result = await t.server.database.knex.raw(
    'select (select count(*) from nodes)::int as nodes, (select count(*) from services)::int as services, (select count(*) from agents)::int as agents, (select count(*) from sla_groups)::int as groups',
  );
  const db = (result as { rows: Array<Record<string, number>> }).rows[0]!;
  const { fleet } = t.server;
  assert.deepEqual(
    { nodes: fleet.nodes.size, services: fleet.services.size, agents: fleet.agents.list().length, groups: fleet.slaGroups.list().length },
    { nodes: db['nodes'], services: db['services'], agents: db['agents'], groups: db['groups'] },
    `${context}: memory and database disagree`,
  );
}

async function assertAlive(t: TestServer, context: string): Promise<void> {
  const health = await send(t.url, 'GET', '/health');
  assert.equal(health.status, 200, `${context}: GET /health answered ${health.status}`);
}

/** Sends one case; an over-limit body may also be cut off by the server closing the connection (a 413 it may not get to read). */
async function sendCase(t: TestServer, endpoint: { path: string; limit: number }, c: Case, context: string): Promise<Answer | undefined> {
  try {
    return await send(t.url, 'POST', endpoint.path, c.body, c.contentType);
  } catch (error) {
    if (c.body.length > endpoint.limit) return undefined;
    throw new Error(`${context}: the request failed without an answer: ${(error as Error).message}`, { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------

for (const backend of testBackends()) {
  describe(`fuzz: machine API never fails on bad input (${backend.name}, seed ${SEED})`, () => {
    let t: TestServer;
    const clock = createManualClock(Date.parse('2026-03-01T00:00:00Z'));
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

    before(async () => {
      t = await startTestServer(backend, { clock });
      for (const name of SYNC_SERVICES) {
        const res = await t.call('POST', '/api/v1/operator/register', { name, nodeId: NODE.sync, namespace: 'payments', slaGroup: 'gold' });
        assert.equal(res.status, 201, res.text);
      }
      commandPool.length = 0;
      commandCursor = 0;
      for (let i = 0; i < 1000; i += 1) {
        commandPool.push(t.server.fleet.agents.enqueue(NODE.commands, 'resync', {}, clock.now()).id);
      }
      await t.server.writer.committed();
    });
    after(() => t.close());

    it('the valid bodies the fuzzer starts from are accepted', async () => {
      const rng = new Random(SEED);
      for (const endpoint of ENDPOINTS) {
        for (let n = 0; n < 3; n += 1) {
          clock.advance(1);
          const answer = await send(t.url, 'POST', endpoint.path, encode(endpoint.template(1_000_000 + n, rng)));
          assert.ok(
            answer.status === 200 || answer.status === 201,
            `${endpoint.path}: valid body answered ${answer.status} ${answer.text}`,
          );
        }
      }
    });

    for (const endpoint of ENDPOINTS) {
      it(`POST ${endpoint.path}: malformed and hostile bodies are refused with {error} and change nothing`, async () => {
        const rng = new Random(SEED ^ hash(endpoint.path));
        const cases = [
          ...wholeBodyCases(endpoint.template(0, rng), rng),
          ...systematicCases(endpoint, 10_000, rng),
          ...Array.from({ length: RANDOM_CASES_PER_ENDPOINT }, (_, i) => randomCase(endpoint, i + 1, rng)),
        ];
        let refused = 0;
        let adjusted = 0;
        let before = await databaseFingerprint(t);
        for (let i = 0; i < cases.length; i += 1) {
          const c = cases[i]!;
          const context = `seed ${SEED}, POST ${endpoint.path} case #${i} [${c.label}]`;
          const memoryBefore = memoryFingerprint(t);
          clock.advance(1);
          const answer = await sendCase(t, endpoint, c, context);
          const afterCase = await databaseFingerprint(t);
          if (answer !== undefined) assertAnswer(answer, context);
          if (answer !== undefined && answer.status < 300) {
            const json = JSON.parse(answer.text) as { warnings?: unknown[]; rejected?: number };
            if ((json.warnings?.length ?? 0) > 0 || (json.rejected ?? 0) > 0) adjusted += 1;
          }
          if (answer === undefined || answer.status >= 300) {
            refused += 1;
            assert.equal(
              afterCase,
              before,
              `${context}: a refused request (${answer?.status ?? 'connection closed'}) changed the database`,
            );
            assert.equal(memoryFingerprint(t), memoryBefore, `${context}: a refused request changed the state in memory`);
          }
          before = afterCase;
          if (i % HEALTH_CHECK_EVERY === HEALTH_CHECK_EVERY - 1) {
            await assertAlive(t, context);
            await assertMemoryMatchesDatabase(t, context);
          }
        }
        await assertAlive(t, `seed ${SEED}, POST ${endpoint.path}`);
        await assertMemoryMatchesDatabase(t, `seed ${SEED}, POST ${endpoint.path}`);
        assert.ok(
          refused + adjusted > cases.length / 2,
          `seed ${SEED}, ${endpoint.path}: only ${refused} refused and ${adjusted} adjusted of ${cases.length} cases; the fuzzer is not reaching the validation`,
        );
      });
    }

    it('GET query strings: odd encodings, repeats and prototype keys never fail the server', async () => {
      const rng = new Random(SEED ^ 0x9e37);
      const values = [
        '',
        '%',
        '%%',
        '%zz',
        '%0',
        '%00',
        '%C0%80',
        '%ED%A0%80',
        '%FF%FE',
        '%E2%82',
        '%F0%9F%98%80',
        '%EF%BB%BF',
        '+',
        '%20',
        '%2F',
        '%2F%2F%2F',
        'a%2F%2Fb',
        '%0A',
        '%1B',
        '%C2%85',
        '%E2%80%AE',
        '..%2F..%2F',
        '__proto__',
        'constructor',
        'x'.repeat(5000),
        'a%2F'.repeat(40),
        encodeURIComponent(Array.from({ length: 32 }, () => rng.letters(128)).join('/')).slice(0, 3000),
        encodeURIComponent(NODE.health),
        'fuzz',
      ];
      const queries: string[] = [];
      for (const value of values) {
        queries.push(`nodeId=${value}`);
        queries.push(`nodeId=${value}&nodeId=${encodeURIComponent(NODE.health)}`);
      }
      queries.push(
        '',
        '?',
        '&&&',
        'nodeId',
        'nodeId=',
        'nodeid=fuzz',
        'NODEID=fuzz',
        'nodeId[]=fuzz',
        'nodeId[__proto__]=x',
        '__proto__[polluted]=1',
        'constructor[prototype][polluted]=1',
        '__proto__=x&nodeId=fuzz',
        `${'a'.repeat(3000)}=1`,
        Array.from({ length: 500 }, (_, i) => `k${i}=${i}`).join('&'),
      );
      for (let i = 0; i < 60; i += 1) {
        const length = 1 + rng.int(40);
        let q = 'nodeId=';
        for (let k = 0; k < length; k += 1)
          q += rng.chance(0.5) ? `%${rng.int(256).toString(16).padStart(2, '0')}` : rng.pick([..."abz/._-~!*()'=&;,$@:"]);
        queries.push(q);
      }
      const paths = ['/api/v1/operator/services', '/api/v1/operator/nodes', '/health', '/ready'];
      let count = 0;
      const before = await databaseFingerprint(t);
      for (const path of paths) {
        for (const query of queries) {
          const context = `seed ${SEED}, GET ${path}?${query.slice(0, 120)}`;
          const answer = await send(t.url, 'GET', `${path}?${query}`);
          assertAnswer(answer, context);
          if (path === '/api/v1/operator/services' && answer.status === 200) {
            const json = JSON.parse(answer.text) as { services: unknown[]; count: number };
            assert.equal(json.services.length, json.count, context);
          }
          if (++count % HEALTH_CHECK_EVERY === 0) await assertAlive(t, context);
        }
      }
      assert.equal(await databaseFingerprint(t), before, `seed ${SEED}: GET requests changed the database`);
      await assertAlive(t, `seed ${SEED}, GET query strings`);
    });

    it('valid bodies with random byte flips never get a 5xx, even 16 at a time in one group commit', async () => {
      const rng = new Random(SEED ^ 0xb17f);
      const cases: Array<{ endpoint: Endpoint; body: Buffer; label: string }> = [];
      for (const endpoint of ENDPOINTS) {
        for (let i = 0; i < BYTE_FLIP_CASES_PER_ENDPOINT; i += 1) {
          const body = Buffer.from(encode(endpoint.template(2_000_000 + i, rng)));
          const flips: string[] = [];
          for (let k = 0, count = 1 + rng.int(4); k < count; k += 1) {
            const at = rng.int(body.length);
            const mode = rng.int(3);
            if (mode === 0) body[at] = body[at]! ^ (1 << rng.int(8));
            else if (mode === 1) body[at] = rng.int(256);
            else body[at] = rng.pick([0x00, 0x22, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a, 0x80, 0xc0, 0xff]);
            flips.push(`${at}:${body[at]!.toString(16)}`);
          }
          cases.push({ endpoint, body, label: flips.join(',') });
        }
      }
      // A valid push rides along with every group of flipped bodies: a bad body must never take it down.
      const CONCURRENCY = 16;
      for (let start = 0; start < cases.length; start += CONCURRENCY) {
        const group = cases.slice(start, start + CONCURRENCY);
        clock.advance(1);
        const sentinel = send(
          t.url,
          'POST',
          '/api/v1/health/report',
          encode({ service: `sentinel-${start}`, nodeId: 'fuzz/sentinel', status: 'OPERATIONAL' }),
        );
        const answers = await Promise.all(group.map((c) => send(t.url, 'POST', c.endpoint.path, c.body)));
        answers.forEach((answer, k) => {
          assertAnswer(answer, `seed ${SEED}, byte flip case #${start + k} POST ${group[k]!.endpoint.path} [${group[k]!.label}]`);
        });
        const sentinelAnswer = await sentinel;
        assert.equal(
          sentinelAnswer.status,
          200,
          `seed ${SEED}, byte flips #${start}..: a valid push sent alongside answered ${sentinelAnswer.status} ${sentinelAnswer.text}`,
        );
      }
      await assertAlive(t, `seed ${SEED}, byte flips`);
      await assertMemoryMatchesDatabase(t, `seed ${SEED}, byte flips`);
    });

    it('no request polluted Object.prototype', () => {
      assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeKeys);
      assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
      assert.equal(({} as Record<string, unknown>)['status'], undefined);
    });
  });
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
