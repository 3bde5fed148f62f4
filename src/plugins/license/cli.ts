#!/usr/bin/env node
/**
 * svc-license: makes licence key pairs, issues licence tokens and inspects them (DESIGN.md "Licence token").
 *
 *   npm run license -- <command> ...      (from sources, through tsx)
 *   npx svc-license <command> ...         (release build: dist/src/plugins/license/cli.js)
 *
 * Exit status: 0 success (inspect: the token verifies), 1 inspect: the token does not verify, 2 bad arguments.
 * Machine-readable results go to standard output; hints and summaries go to standard error.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  decodePublicKey,
  decodeSecretKey,
  decodeUnverifiedPayload,
  encodeKey,
  generateKeyPair,
  isPluginName,
  issueLicenseToken,
  PLUGIN_NAMES,
  type PluginName,
  publicKeyOfSecretKey,
  verifyLicenseToken,
} from './licenseToken.js';
import { PRODUCT_LICENSE_PUBLIC_KEY } from './productKey.js';

const DAY_MS = 86_400_000;
const MAX_DAYS = 36_500;

export const USAGE = `Usage: svc-license <command> [options]

Makes licence key pairs, issues licence tokens and checks them.

Commands:
  keygen
      Make an Ed25519 key pair and print {"publicKey", "secretKey"} (base64) as JSON.
      Servers verify licences with the public key (SVC_LICENSE_PUBLIC_KEY); keep the
      secret key with the licence desk, never on a server.

  issue --customer <name> --plugins <list> (--days <n> | --no-expiry)
        [--license-id <id>] [--secret-key <base64> | --secret-key-file <path>]
      Print a signed licence token (the server's SVC_LICENSE_KEY).
        --plugins          comma-separated, from: ${PLUGIN_NAMES.join(', ')}
        --days <n>         the licence expires n days from now (1 to ${MAX_DAYS})
        --no-expiry        the licence never expires
        --license-id <id>  default: lic-<random UUID>
        --secret-key-file  a file holding the base64 secret key, or keygen's JSON output
      The secret key comes from --secret-key, --secret-key-file or SVC_LICENSE_SECRET_KEY
      (--secret-key shows it in the process list and shell history; prefer the others).

  inspect <token | -> [--public-key <base64>]
      Print the token's payload and whether it verifies ('-' reads the token from standard
      input). Key: --public-key, else SVC_LICENSE_PUBLIC_KEY, else the product's built-in key.

Exit status: 0 success (inspect: valid), 1 inspect: invalid token, 2 bad arguments.
Options: -h, --help prints this text.
`;

export interface CliContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Epoch ms: issue time of new tokens and the clock tokens are checked against. */
  readonly now: number;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readFile: (path: string) => string;
  readonly readStdin: () => string;
}

class UsageError extends Error {}

/** Runs one command; returns the exit status. */
export function runCli(args: readonly string[], ctx: CliContext): number {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case undefined:
        throw new UsageError('no command given');
      case '-h':
      case '--help':
      case 'help':
        ctx.stdout(USAGE);
        return 0;
      case 'keygen':
        return keygen(rest, ctx);
      case 'issue':
        return issue(rest, ctx);
      case 'inspect':
        return inspect(rest, ctx);
      default:
        throw new UsageError(`unknown command ${JSON.stringify(command)} (commands: keygen, issue, inspect)`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.stderr(`svc-license: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

function parse<T extends OptionSpec>(args: readonly string[], options: T, command: string) {
  try {
    return parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${command}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function keygen(args: readonly string[], ctx: CliContext): number {
  const { values, positionals } = parse(args, {}, 'keygen');
  if (values.help) return help(ctx);
  if (positionals.length > 0) throw new UsageError('keygen takes no arguments');
  const pair = generateKeyPair();
  ctx.stdout(`${JSON.stringify(pair, null, 2)}\n`);
  ctx.stderr(
    `Set SVC_LICENSE_PUBLIC_KEY=${pair.publicKey} on servers that should accept licences issued with this pair.\n` +
      'Keep secretKey secret: issue tokens with --secret-key-file <file> or SVC_LICENSE_SECRET_KEY.\n',
  );
  return 0;
}

function issue(args: readonly string[], ctx: CliContext): number {
  const { values, positionals } = parse(
    args,
    {
      customer: { type: 'string' },
      plugins: { type: 'string' },
      days: { type: 'string' },
      'no-expiry': { type: 'boolean' },
      'license-id': { type: 'string' },
      'secret-key': { type: 'string' },
      'secret-key-file': { type: 'string' },
    },
    'issue',
  );
  if (values.help) return help(ctx);
  if (positionals.length > 0) throw new UsageError(`issue: unexpected argument ${JSON.stringify(positionals[0])}`);

  const customer = values.customer;
  if (customer === undefined || customer.trim() === '') throw new UsageError('issue: --customer <name> is required');
  const plugins = parsePlugins(values.plugins);
  const licenseId = values['license-id'] ?? `lic-${randomUUID()}`;
  if (licenseId.trim() === '') throw new UsageError('issue: --license-id must not be empty');

  let expiresAt: number | null;
  if (values['no-expiry'] && values.days !== undefined) throw new UsageError('issue: give either --days <n> or --no-expiry, not both');
  if (values['no-expiry']) {
    expiresAt = null;
  } else if (values.days !== undefined) {
    if (!/^\d+$/.test(values.days) || Number(values.days) < 1 || Number(values.days) > MAX_DAYS) {
      throw new UsageError(
        `issue: --days must be a whole number from 1 to ${MAX_DAYS} (use --no-expiry for a licence that does not expire)`,
      );
    }
    expiresAt = ctx.now + Number(values.days) * DAY_MS;
  } else {
    throw new UsageError('issue: say how long the licence lasts: --days <n> or --no-expiry');
  }

  const secretKey = readSecretKey(values['secret-key'], values['secret-key-file'], ctx);
  const issuedAt = Math.floor(ctx.now);
  let token: string;
  try {
    token = issueLicenseToken(
      { licenseId, customer, plugins, issuedAt, expiresAt: expiresAt === null ? null : Math.floor(expiresAt) },
      secretKey,
    );
  } catch (error) {
    throw new UsageError(`issue: ${error instanceof Error ? error.message : String(error)}`);
  }
  ctx.stdout(`${token}\n`);
  ctx.stderr(
    `Issued licence ${JSON.stringify(licenseId)} for ${JSON.stringify(customer)}: plugins ${plugins.join(', ')}; ` +
      `${expiresAt === null ? 'does not expire' : `expires ${new Date(expiresAt).toISOString()}`}.\n` +
      `It verifies with public key ${encodeKey(publicKeyOfSecretKey(secretKey))}.\n`,
  );
  return 0;
}

function parsePlugins(list: string | undefined): PluginName[] {
  const known = PLUGIN_NAMES.join(', ');
  if (list === undefined) throw new UsageError(`issue: --plugins <list> is required (comma-separated, from: ${known})`);
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new UsageError(`issue: --plugins needs at least one plugin (from: ${known})`);
  const plugins: PluginName[] = [];
  for (const name of names) {
    if (!isPluginName(name)) throw new UsageError(`issue: unknown plugin ${JSON.stringify(name)} (known: ${known})`);
    if (!plugins.includes(name)) plugins.push(name);
  }
  return plugins;
}

function readSecretKey(flag: string | undefined, file: string | undefined, ctx: CliContext): Uint8Array {
  if (flag !== undefined && file !== undefined) throw new UsageError('issue: give either --secret-key or --secret-key-file, not both');
  let text: string;
  let source: string;
  if (flag !== undefined) {
    text = flag;
    source = '--secret-key';
  } else if (file !== undefined) {
    source = `--secret-key-file ${file}`;
    try {
      text = ctx.readFile(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(`issue: cannot read ${source}${code ? ` (${code})` : ''}`);
    }
    text = text.trim();
    if (text.startsWith('{')) text = secretKeyFromKeygenJson(text, source);
  } else if (ctx.env.SVC_LICENSE_SECRET_KEY !== undefined && ctx.env.SVC_LICENSE_SECRET_KEY !== '') {
    text = ctx.env.SVC_LICENSE_SECRET_KEY;
    source = 'SVC_LICENSE_SECRET_KEY';
  } else {
    throw new UsageError('issue: no secret key: give --secret-key-file <path> or --secret-key <base64>, or set SVC_LICENSE_SECRET_KEY');
  }
  try {
    return decodeSecretKey(text);
  } catch (error) {
    throw new UsageError(`issue: ${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function secretKeyFromKeygenJson(text: string, source: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`issue: ${source} starts with '{' but is not JSON`);
  }
  const secretKey = (value as { secretKey?: unknown } | null)?.secretKey;
  if (typeof secretKey !== 'string') throw new UsageError(`issue: ${source} is JSON without a "secretKey" string`);
  return secretKey;
}

function inspect(args: readonly string[], ctx: CliContext): number {
  const { values, positionals } = parse(args, { 'public-key': { type: 'string' } }, 'inspect');
  if (values.help) return help(ctx);
  if (positionals.length === 0) throw new UsageError("inspect: give the token to inspect (or '-' to read it from standard input)");
  if (positionals.length > 1) throw new UsageError('inspect: give exactly one token');
  const token = positionals[0] === '-' ? ctx.readStdin().trim() : (positionals[0] as string);

  let keyText: string;
  let keySource: string;
  if (values['public-key'] !== undefined) {
    keyText = values['public-key'];
    keySource = '--public-key';
  } else if (ctx.env.SVC_LICENSE_PUBLIC_KEY !== undefined && ctx.env.SVC_LICENSE_PUBLIC_KEY !== '') {
    keyText = ctx.env.SVC_LICENSE_PUBLIC_KEY;
    keySource = 'SVC_LICENSE_PUBLIC_KEY';
  } else {
    keyText = PRODUCT_LICENSE_PUBLIC_KEY;
    keySource = 'built-in';
  }
  let publicKey: Uint8Array;
  try {
    publicKey = decodePublicKey(keyText);
  } catch (error) {
    throw new UsageError(`inspect: ${keySource}: ${error instanceof Error ? error.message : String(error)}`);
  }

  const result = verifyLicenseToken(token, publicKey, ctx.now);
  const key = { publicKey: encodeKey(publicKey), keySource };
  const verification = result.ok
    ? { valid: true, ...key, plugins: result.license.plugins, unknownPlugins: result.unknownPlugins }
    : { valid: false, ...key, reason: result.reason, message: result.message };
  const payload = decodeUnverifiedPayload(token) ?? null;
  ctx.stdout(`${JSON.stringify({ payload, verification }, null, 2)}\n`);
  if (!result.ok) ctx.stderr(`Invalid licence token (${result.reason}): ${result.message}\n`);
  else if (result.unknownPlugins.length > 0) {
    ctx.stderr(
      `Valid; this version does not know the plugins ${result.unknownPlugins.map((p) => JSON.stringify(p)).join(', ')} and ignores them.\n`,
    );
  }
  return result.ok ? 0 : 1;
}

function help(ctx: CliContext): number {
  ctx.stdout(USAGE);
  return 0;
}

function main(): void {
  process.exitCode = runCli(process.argv.slice(2), {
    env: process.env,
    now: Date.now(),
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    readFile: (path) => readFileSync(path, 'utf8'),
    readStdin: () => readFileSync(0, 'utf8'),
  });
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) main();
