/**
 * This server as the ticket benches run it: a child process with the `ticketing` plugin licensed
 * (a key pair made for the run: the server trusts its public key, the bench signs the token), a
 * known admin password, and a signed-in operator who raises the tickets. Tokens are issued by the
 * server itself (login), so the reference can verify the very same token when it shares the
 * server's JWT secret.
 */
import { randomBytes } from 'node:crypto';
import { decodeSecretKey, generateKeyPair, issueLicenseToken } from '../../src/plugins/license/licenseToken.js';
import { startChildServer, type ChildServer } from '../lib/childServer.js';
import { gqlData, signIn } from '../lib/graphqlCalls.js';
import { benchServerEnv, benchServerNodeFlags } from '../lib/serverEnv.js';

export const ADMIN_PASSWORD = 'bench-admin-password-0123';
const OPERATOR = { username: 'bench-operator', password: 'bench-operator-password-0123' };
const HOUR = 3_600_000;

/** One licence per bench process: the public key for the servers, the token for SVC_LICENSE_KEY. */
const licence = (() => {
  const pair = generateKeyPair();
  const now = Date.now();
  const token = issueLicenseToken(
    { licenseId: 'bench', customer: 'bench', plugins: ['ticketing', 'sla'], issuedAt: now - HOUR, expiresAt: now + 30 * 24 * HOUR },
    decodeSecretKey(pair.secretKey),
  );
  return { publicKey: pair.publicKey, token };
})();

export interface TicketServerOptions {
  readonly name: string;
  readonly root: string;
  /** Node arguments before the entry point (e.g. `--inspect=127.0.0.1:0`). */
  readonly nodeArgs?: readonly string[];
  /** `dist/src/main.js` (the release build) or `src/main.ts` under tsx. */
  readonly built: boolean;
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly jwtSecret?: string;
  readonly startTimeoutMs?: number;
}

export const newJwtSecret = (): string => randomBytes(32).toString('hex');

export function startTicketServer(options: TicketServerOptions): Promise<ChildServer> {
  return startChildServer({
    name: options.name,
    cwd: options.root,
    args: [
      ...benchServerNodeFlags(),
      ...(options.nodeArgs ?? []),
      ...(options.built ? ['dist/src/main.js'] : ['--import', 'tsx', 'src/main.ts']),
    ],
    env: {
      // As the container runs it (Dockerfile): graphql-js skips its development-mode checks.
      NODE_ENV: 'production',
      ...benchServerEnv({
        dataDir: options.dataDir,
        databaseUrl: options.databaseUrl,
        adminPassword: ADMIN_PASSWORD,
        logLevel: 'info',
        ...(options.jwtSecret ? { jwtSecret: options.jwtSecret } : {}),
      }),
      SVC_BOOTSTRAP_ADMIN_USERNAME: 'admin',
      SVC_LICENSE_PUBLIC_KEY: licence.publicKey,
      SVC_LICENSE_KEY: licence.token,
      // BENCH_COMMIT_WINDOW_MS: the group commit's window for this server (default: the product's).
      ...(process.env['BENCH_COMMIT_WINDOW_MS'] ? { SVC_DB_COMMIT_WINDOW_MS: process.env['BENCH_COMMIT_WINDOW_MS'] } : {}),
    },
    ...(options.startTimeoutMs !== undefined ? { startTimeoutMs: options.startTimeoutMs } : {}),
  });
}

export interface Operator {
  readonly userId: string;
  readonly token: string;
}

/**
 * Signs the admin in, creates the operator (first start) or finds it (a later start on the same
 * schema), and signs the operator in. Fails with the server's answer when the ticketing module is
 * not there (a build without it, or an unlicensed server).
 */
export async function signInOperator(url: string): Promise<Operator> {
  const admin = await signIn(url, 'admin', ADMIN_PASSWORD);
  const found = await gqlData(url, '{ users { id username } }', undefined, admin).catch(() => undefined);
  let userId = (found?.users as Array<{ id: string; username: string }> | undefined)?.find((u) => u.username === OPERATOR.username)?.id;
  if (userId === undefined) {
    const created = await gqlData(
      url,
      'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }',
      { i: { ...OPERATOR, email: 'bench-operator@example.com', role: 'OPERATOR' } },
      admin,
    );
    userId = created.createUser.id as string;
  }
  return { userId, token: await signIn(url, OPERATOR.username, OPERATOR.password) };
}

export const TICKET_RESULT = 'id number status priority responseDueAt resolutionDueAt minutesUntilDue';
export const CREATE_TICKET = `mutation($i: CreateTicketInput!) { createTicket(input: $i) { ${TICKET_RESULT} } }`;
export const ASSIGN_TICKET = 'mutation($id: ID!, $a: ID) { assignTicket(id: $id, assigneeId: $a) { id assigneeId updatedAt } }';

const TYPES = ['INCIDENT', 'INCIDENT', 'SERVICE_REQUEST', 'INCIDENT', 'PROBLEM', 'CHANGE'] as const;
const SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
const SUBJECTS = [
  'Checkout returns 502',
  'VPN drops every few minutes',
  'New laptop for a starter',
  'Invoice export times out',
  'Disk 90 % full on db-3',
  'Rotate the TLS certificate',
];

/** The input of the i-th ticket: types, impacts and urgencies cycle, so every priority of the matrix occurs. */
export function ticketInput(i: number): { title: string; description: string; type: string; impact: string; urgency: string } {
  return {
    title: `${SUBJECTS[i % SUBJECTS.length]} (#${i})`,
    description: `Reported by the service desk bench, case ${i}: seen since 07:55 by several people on the floor.`,
    type: TYPES[i % TYPES.length]!,
    impact: SEVERITIES[i % 4]!,
    urgency: SEVERITIES[Math.floor(i / 4) % 4]!,
  };
}

/** GraphQL bodies of `count` createTicket calls, each ticket different. */
export const createTicketBodies = (count: number, offset = 0): string[] =>
  Array.from({ length: count }, (_, k) => JSON.stringify({ query: CREATE_TICKET, variables: { i: ticketInput(offset + k) } }));

export const assignTicketBodies = (ids: readonly string[], assigneeId: string): string[] =>
  ids.map((id) => JSON.stringify({ query: ASSIGN_TICKET, variables: { id, a: assigneeId } }));
