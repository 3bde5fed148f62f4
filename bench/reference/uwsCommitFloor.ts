/**
 * The durable floor the ingest bench measures beside the bare one: a bare uWebSockets.js server that
 * keeps the durability rule and nothing else. It reads each request's body, stores it as one row
 * (the raw body as text, no parsing, no key check, no state) by group commit (every body received
 * since the previous commit in ONE statement on one pg connection, commits at least
 * FLOOR_COMMIT_WINDOW_MS apart as this server's writer does; an idle writer commits at once), and
 * answers 200 only after that statement committed. What any server that acknowledges after commit
 * pays per request on this machine: if this floor alone costs more than a target allows, the target
 * cannot be met by any server that keeps the rule.
 *
 *   FLOOR_DATABASE_URL=postgres://... FLOOR_HOST=127.0.0.1 FLOOR_PORT=0 node --import tsx bench/reference/uwsCommitFloor.ts
 *
 * Prints one JSON line `{"msg":"listening","url":...}` when ready; stops on SIGTERM.
 */
import pg from 'pg';
import uWS from 'uWebSockets.js';

const host = process.env['FLOOR_HOST'] ?? '127.0.0.1';
const port = Number(process.env['FLOOR_PORT'] ?? 0);
const databaseUrl = process.env['FLOOR_DATABASE_URL'];
const commitWindowMs = Number(process.env['FLOOR_COMMIT_WINDOW_MS'] ?? 2);
const ANSWER = '{"success":true}';
// One text whatever the batch size, so PostgreSQL plans it once (a named prepared statement).
const INSERT = { name: 'floor_insert', text: 'insert into floor_push (body) select unnest($1::text[])' };

if (databaseUrl === undefined) {
  process.stderr.write('FLOOR_DATABASE_URL is required\n');
  process.exit(2);
}

interface Waiting {
  readonly res: uWS.HttpResponse;
  aborted: boolean;
}

const client = new pg.Client({ connectionString: databaseUrl });
let bodies: string[] = [];
let waiting: Waiting[] = [];
let committing = false;
let timer: NodeJS.Timeout | undefined;
let lastCommitStart = -Infinity;

function answer(batch: readonly Waiting[], status: string, text: string): void {
  for (const w of batch) {
    if (w.aborted) continue;
    w.res.cork(() => {
      w.res.writeStatus(status);
      w.res.writeHeader('content-type', 'application/json');
      w.res.end(text);
    });
  }
}

function schedule(): void {
  if (committing || timer !== undefined || bodies.length === 0) return;
  const wait = lastCommitStart + commitWindowMs - performance.now();
  if (wait > 0) timer = setTimeout(commit, Math.max(1, wait));
  else commit();
}

function commit(): void {
  timer = undefined;
  const rows = bodies;
  const batch = waiting;
  bodies = [];
  waiting = [];
  committing = true;
  lastCommitStart = performance.now();
  client
    .query({ ...INSERT, values: [rows] })
    .then(
      () => answer(batch, '200 OK', ANSWER),
      (error: Error) => answer(batch, '503 Service Unavailable', JSON.stringify({ error: `commit failed: ${error.message}` })),
    )
    .finally(() => {
      committing = false;
      schedule();
    });
}

await client.connect();
await client.query('create table if not exists floor_push (id bigserial primary key, body text not null)');

const app = uWS.App();
app.any('/*', (res) => {
  const entry: Waiting = { res, aborted: false };
  res.onAborted(() => {
    entry.aborted = true;
  });
  let chunks: Buffer[] | undefined;
  res.onData((chunk, isLast) => {
    // uWS reuses the chunk's memory after this callback: copy before keeping it.
    if (!isLast) {
      (chunks ??= []).push(Buffer.from(chunk.slice(0)));
      return;
    }
    const last = Buffer.from(chunk);
    const body = chunks === undefined ? last.toString('utf8') : Buffer.concat([...chunks, last]).toString('utf8');
    bodies.push(body);
    waiting.push(entry);
    schedule();
  });
});
app.listen(host, port, (socket) => {
  if (!socket) {
    process.stderr.write(`cannot listen on ${host}:${port}\n`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify({ msg: 'listening', url: `http://${host}:${uWS.us_socket_local_port(socket)}` })}\n`);
  process.on('SIGTERM', () => {
    uWS.us_listen_socket_close(socket);
    void client.end().finally(() => process.exit(0));
  });
});
