/**
 * @runs-alone: it measures how fast a process answers after a signal (scripts/test.mjs runs it after the others).
 *
 * The drain as an orchestrator sees it, on the real server as a child process (`node --import tsx
 * src/main.ts`, production settings): readiness fails within 100 ms of SIGTERM (measured from the
 * signal, the probe asked back to back), the server goes on serving through SVC_SHUTDOWN_DELAY_MS,
 * then exits 0; a request that never finishes holds the drain no longer than the deadline allows;
 * and a stop that hangs (a commit blocked in PostgreSQL) still ends the process at
 * SVC_SHUTDOWN_TIMEOUT_MS. The restart under load is restartUnderLoad.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { testBackends } from '../../support/backends.js';
import { CHILD_API_KEY, createChildStore, startChildServer } from '../../support/childServer.js';
import { eventually } from '../../support/polling.js';
import { RawConnection } from '../../support/rawHttp.js';

const push = (url: string, name: string) =>
  fetch(`${url}/api/v1/health/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': CHILD_API_KEY },
    body: JSON.stringify({ service: name, nodeId: 'drain', status: 'DOWN', message: name }),
  });

for (const backend of testBackends()) {
  describe(`the drain of a real process (${backend.name})`, { timeout: 120_000 }, () => {
    it('SIGTERM: /readyz answers 503 within 100 ms of the signal, work is served through the delay, then the process exits 0', async () => {
      const store = await createChildStore(backend);
      const server = await startChildServer(store, { SVC_SHUTDOWN_DELAY_MS: '1500', SVC_SHUTDOWN_TIMEOUT_MS: '10000' });
      try {
        assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
        const signalled = performance.now();
        server.process.kill('SIGTERM');
        let answers = 0;
        let failedAfterMs: number | undefined;
        while (failedAfterMs === undefined) {
          const res = await fetch(`${server.url}/readyz`);
          await res.arrayBuffer();
          answers += 1;
          if (res.status === 503) failedAfterMs = performance.now() - signalled;
          else assert.equal(res.status, 200);
        }
        assert.ok(failedAfterMs <= 100, `/readyz answered 503 ${failedAfterMs.toFixed(1)} ms after SIGTERM (probe ${answers})`);
        // Load balancers have not noticed yet: the delay serves what they still send.
        assert.equal((await push(server.url, 'during-the-delay')).status, 200);
        assert.equal((await fetch(`${server.url}/livez`)).status, 200);
        const exit = await server.exited;
        const exitedAfterMs = performance.now() - signalled;
        assert.deepEqual(exit, { code: 0, signal: null }, server.stderr());
        assert.ok(exitedAfterMs >= 1500, `the process waited out the delay (${exitedAfterMs.toFixed(0)} ms)`);
        assert.ok(exitedAfterMs < 10_000, `the process exited within its deadline (${exitedAfterMs.toFixed(0)} ms)`);
        const shuttingDown = server.logs.find((l) => l['msg'] === 'shutting down');
        assert.deepEqual(
          { delayMs: shuttingDown?.['delayMs'], deadlineMs: shuttingDown?.['deadlineMs'] },
          { delayMs: 1500, deadlineMs: 10_000 },
          JSON.stringify(shuttingDown),
        );
        assert.equal(server.logs.at(-1)?.['msg'], 'stopped');
      } finally {
        server.process.kill('SIGKILL');
        await server.exited;
        await store.dispose();
      }
    });

    it('a request that never finishes holds the drain only as long as the deadline leaves; the process exits 0 in time', async () => {
      const store = await createChildStore(backend);
      const server = await startChildServer(store, { SVC_SHUTDOWN_TIMEOUT_MS: '4000' });
      const held = await RawConnection.open(Number(new URL(server.url).port));
      try {
        // A body announced and never sent: the request stays under way.
        await held.write(
          `POST /api/v1/operator/heartbeat HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: ${CHILD_API_KEY}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{`,
        );
        // A round trip on another connection: the server has read the held request's head by now.
        assert.equal((await fetch(`${server.url}/livez`)).status, 200);
        const signalled = performance.now();
        server.process.kill('SIGTERM');
        const exit = await server.exited;
        const exitedAfterMs = performance.now() - signalled;
        assert.deepEqual(exit, { code: 0, signal: null }, server.stderr());
        // 4 s deadline - 2 s kept for the last steps = 2 s for requests under way.
        assert.ok(exitedAfterMs >= 1900 && exitedAfterMs < 4000, `exited ${exitedAfterMs.toFixed(0)} ms after SIGTERM`);
      } finally {
        held.close();
        server.process.kill('SIGKILL');
        await server.exited;
        await store.dispose();
      }
    });

    if (backend.name === 'postgres') {
      it('a stop that hangs (a commit blocked by a lock) still ends the process at SVC_SHUTDOWN_TIMEOUT_MS, exit 1, nothing acknowledged lost', async () => {
        const store = await createChildStore(backend);
        const server = await startChildServer(store, { SVC_SHUTDOWN_TIMEOUT_MS: '4000' });
        const locker = new pg.Client({ connectionString: store.env['SVC_DATABASE_URL'] });
        await locker.connect();
        try {
          await locker.query('begin');
          await locker.query('lock table services in access exclusive mode');
          const blocked = push(server.url, 'blocked').then(
            (res) => res.status,
            () => 'no answer' as const,
          );
          // The push is under way once its commit waits on the lock (the readiness check does not touch the table).
          await eventually(async () => {
            const waiting = await locker.query('select count(*)::int as n from pg_locks where not granted');
            return waiting.rows[0].n > 0 ? true : undefined;
          }, 'the push waits on the lock');
          const signalled = performance.now();
          server.process.kill('SIGTERM');
          const exit = await server.exited;
          const exitedAfterMs = performance.now() - signalled;
          assert.deepEqual(exit, { code: 1, signal: null });
          assert.ok(exitedAfterMs >= 3900 && exitedAfterMs < 5000, `exited ${exitedAfterMs.toFixed(0)} ms after SIGTERM`);
          assert.ok(
            server.logs.some((l) => l['msg'] === 'shutdown deadline passed: exiting before the drain finished'),
            JSON.stringify(server.logs.slice(-5)),
          );
          assert.equal(await blocked, 'no answer', 'the blocked push was never acknowledged');
        } finally {
          await locker.query('rollback').catch(() => undefined);
          await locker.end();
          server.process.kill('SIGKILL');
          await server.exited;
          await store.dispose();
        }
      });
    }
  });
}
