/**
 * The login load of bench/graphql.ts, run as its own process (`node --import tsx
 * bench/cases/loginClient.ts`) so that its work does not land on the event loop whose delay is
 * measured. Paced (open loop): login i is due at start + i / rate and is sent then, whatever is
 * still in flight; its latency is measured from its due time. Every answer must carry an access
 * token. Reads LOGIN_URL, LOGIN_RATE, LOGIN_SECONDS and LOGIN_ACCOUNTS (JSON [{username,
 * password}], used in turn); prints one JSON line {"event":"start"} when the first login is due
 * and one {"event":"result", ...} at the end.
 */
import { setTimeout as sleep } from 'node:timers/promises';

interface Account {
  readonly username: string;
  readonly password: string;
}

const url = process.env['LOGIN_URL']!;
const rate = Number(process.env['LOGIN_RATE']);
const seconds = Number(process.env['LOGIN_SECONDS']);
const accounts = JSON.parse(process.env['LOGIN_ACCOUNTS'] ?? '[]') as Account[];
const QUERY = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken sessionId } }';

const emit = (record: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(record)}\n`);

async function login(account: Account): Promise<string | null> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: QUERY, variables: { u: account.username, p: account.password } }),
  });
  const text = await response.text();
  try {
    const json = JSON.parse(text) as { data?: { login?: { accessToken?: unknown } }; errors?: unknown };
    if (response.status === 200 && json.errors === undefined && typeof json.data?.login?.accessToken === 'string') return null;
  } catch {
    // reported below
  }
  return `${response.status}: ${text.slice(0, 300)}`;
}

async function main(): Promise<void> {
  if (!url || !(rate > 0) || !(seconds > 0) || accounts.length === 0)
    throw new Error('LOGIN_URL, LOGIN_RATE, LOGIN_SECONDS and LOGIN_ACCOUNTS are required');
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const failures: string[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  let lateSends = 0;
  // One unmeasured login first: opens the connection, so the first measured one pays no TCP setup.
  const warm = await login(accounts[0]!);
  if (warm !== null) failures.push(`warm-up login: ${warm}`);
  const start = performance.now() + 20;
  emit({ event: 'start' });
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -5) lateSends += 1;
    pending.push(
      login(accounts[i % accounts.length]!).then(
        (problem) => {
          if (problem === null) latencies.push(performance.now() - due);
          else {
            failed += 1;
            if (failures.length < 5) failures.push(problem);
          }
        },
        (error: unknown) => {
          failed += 1;
          if (failures.length < 5) failures.push(String(error));
        },
      ),
    );
  }
  const lastDue = start + ((total - 1) * 1000) / rate;
  await Promise.all(pending);
  const end = performance.now();
  emit({
    event: 'result',
    total,
    ok: latencies.length,
    failed,
    failures,
    lateSends,
    latencies,
    offeredSeconds: (lastDue - start) / 1000 + 1 / rate,
    wallSeconds: (end - start) / 1000,
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    emit({ event: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  },
);
