/**
 * The cluster fence end to end (docs/adr/0058-the-commit-fence.md): two batch writers over one schema act as
 * the old and the new owner of a shard; `claimShardEpoch` moves the shard; the old owner's commits are refused
 * by the database, whole, with a retryable error, and the old owner is told which shards to drop.
 *
 * Both databases. The embedded PGlite has one connection, so there the two owners share it and their commits
 * take turns: every rule but the race holds there too. The race between a commit and a claim needs two
 * connections: PostgreSQL only (SVC_TEST_DATABASE_URL), driven by a transaction the test holds open.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Knex } from 'knex';
import { claimShardEpoch, readShardEpoch } from '../../../../src/platform/cluster/fence.js';
import { shardEpochsSchema } from '../../../../src/platform/cluster/fenceMigration.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter, CommitError, ShardMovedError, type TableSpec } from '../../../../src/platform/persistence/batchWriter.js';
import { recordsetStatement } from '../../../../src/platform/persistence/batchStatements.js';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { numberedParameters } from '../../../../src/platform/persistence/statementRunner.js';
import { migrate } from '../../../../src/platform/persistence/migrate.js';
import { embeddedBackend, postgresBackend, type Backend, type TestStore } from '../../../support/backends.js';
import { queriesDuring } from '../../../support/queriesDuring.js';

const probeTable: TableSpec = {
  name: 'fence_probe',
  key: ['id'],
  columns: [
    { name: 'id', type: 'text' },
    { name: 'shard', type: 'integer' },
    { name: 'body', type: 'text' },
  ],
  order: 1,
  mode: 'upsert',
};

const row = (id: string, shard: number, body = id) => ({ id, shard, body });

interface Owner {
  readonly name: string;
  readonly db: Database;
  readonly writer: BatchWriter;
  /** Every `onFenced` call, in order. */
  readonly fenced: number[][];
}

interface Fixture {
  /** The `application_name` of this fixture's PostgreSQL sessions: other suites' sessions on the database are not ours. */
  readonly application: string;
  owner(name: string, options?: { fence?: boolean }): Owner;
  knex(): Knex;
  dispose(): Promise<void>;
}

async function fixture(backend: Backend): Promise<Fixture> {
  const store: TestStore = await backend.createStore();
  const databases: Database[] = [];
  const application = `fence_${randomBytes(4).toString('hex')}`;
  const url = store.url === undefined ? undefined : withApplicationName(store.url, application);
  const open = async () => {
    const db = await openDatabase({ url, dataDir: '', ...(store.pglite ? { pglite: store.pglite } : {}) });
    databases.push(db);
    return db;
  };
  const first = await open();
  // The embedded template has every product migration; a PostgreSQL store is an empty schema: the cluster's alone.
  if (backend.name === 'postgres') await migrate(first.knex, createMemoryLogger(), [shardEpochsSchema]);
  await first.knex.raw('create table fence_probe (id text primary key, shard integer not null, body text not null)');
  // PGlite: one connection, one knex; PostgreSQL: each owner its own pool, as two instances have.
  const second = backend.name === 'postgres' ? await open() : first;
  let next = 0;
  return {
    application,
    owner(name, options = {}) {
      const db = next++ === 0 ? first : second;
      const fenced: number[][] = [];
      const writer = new BatchWriter({
        knex: db.knex,
        statements: db.statements,
        logger: createMemoryLogger(),
        ...(options.fence === false ? {} : { fence: { onFenced: (shards) => fenced.push([...shards]) } }),
      });
      return { name, db, writer, fenced };
    },
    knex: () => first.knex,
    async dispose() {
      for (const db of new Set(databases)) await db.close();
      await store.dispose();
    },
  };
}

function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

const backends: Backend[] = [embeddedBackend];
const url = process.env['SVC_TEST_DATABASE_URL'];
if (url) backends.push(postgresBackend(url));

for (const backend of backends) {
  describe(`commit fence (${backend.name})`, () => {
    let f: Fixture;
    let old: Owner;
    let next: Owner;
    let shard = 0;
    before(async () => {
      f = await fixture(backend);
      old = f.owner('instance-a');
      next = f.owner('instance-b');
    });
    after(() => f.dispose());

    const bodies = async (prefix: string) =>
      (
        (await f.knex()('fence_probe').where('id', 'like', `${prefix}%`).orderBy('id').select('id', 'body')) as Array<{
          id: string;
          body: string;
        }>
      ).map((r) => `${r.id}=${r.body}`);
    /** A shard of its own per test, held by the old owner at epoch 10. */
    const heldShard = async () => {
      shard += 1;
      assert.deepEqual(await claimShardEpoch(f.knex(), shard, 10, old.name), { claimed: true });
      return shard;
    };
    const stage = (owner: Owner, s: number, epoch: number, id: string, body = id) => {
      owner.writer.touchShard(s, epoch);
      owner.writer.upsert(probeTable, row(id, s, body));
      return owner.writer.acknowledge();
    };

    it('accepts a commit at the epoch the shard is held at', async () => {
      const s = await heldShard();
      await stage(old, s, 10, 'held-1');
      assert.deepEqual(await bodies('held-'), ['held-1=held-1']);
    });

    it("refuses the old owner's commit once a new owner claimed a higher epoch, and writes none of it", async () => {
      const s = await heldShard();
      const other = await heldShard();
      assert.deepEqual(await claimShardEpoch(next.db.knex, s, 11, next.name), { claimed: true });
      const rolledBack: string[] = [];
      old.writer.touchShard(other, 10); // still held: refused with the rest of its batch all the same
      old.writer.upsert(probeTable, row('stale-1', other), { onRollback: () => rolledBack.push('stale-1') });
      old.writer.touchShard(s, 10);
      old.writer.upsert(probeTable, row('stale-2', s), { onRollback: () => rolledBack.push('stale-2') });
      const fencedBefore = old.fenced.length;
      const error = await old.writer.acknowledge().then(
        () => assert.fail('the stale commit was accepted'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof ShardMovedError, `refused with ${String(error)}`);
      assert.ok(error instanceof CommitError, 'a failed commit like any other: 503 with Retry-After');
      assert.equal(error.code, 'UNAVAILABLE');
      assert.equal(error.headers['retry-after'], '1');
      assert.deepEqual(error.shards, [s]);
      assert.deepEqual(old.fenced.slice(fencedBefore), [[s]], 'onFenced names the moved shard, and only it');
      assert.deepEqual(rolledBack.sort(), ['stale-1', 'stale-2'], 'memory goes back to the committed state');
      assert.deepEqual(await bodies('stale-'), [], 'nothing of the batch is in the table');
      assert.deepEqual(await readShardEpoch(f.knex(), s).then((h) => [h?.epoch, h?.owner]), [11, next.name]);
    });

    it('lets the new owner commit at its epoch', async () => {
      const s = await heldShard();
      assert.deepEqual(await claimShardEpoch(next.db.knex, s, 12, next.name), { claimed: true });
      await stage(next, s, 12, 'taken-1');
      assert.deepEqual(await bodies('taken-'), ['taken-1=taken-1']);
    });

    it('refuses the batch queued behind a refused one and runs its rollbacks', async () => {
      const s = await heldShard();
      const free = await heldShard();
      await claimShardEpoch(next.db.knex, s, 11, next.name);
      const rolledBack: string[] = [];
      let queued: Promise<void> | undefined;
      const writer: BatchWriter = new BatchWriter({
        knex: old.db.knex,
        statements: old.db.statements,
        logger: createMemoryLogger(),
        fence: { onFenced: () => undefined },
        onBatchStart: () => {
          if (queued) return;
          // Staged while the stale batch is in flight, on a shard this owner still holds: computed on top of it.
          writer.touchShard(free, 10);
          writer.upsert(probeTable, row('behind-2', free), { onRollback: () => rolledBack.push('behind-2') });
          queued = writer.committed();
        },
      });
      writer.touchShard(s, 10);
      writer.upsert(probeTable, row('behind-1', s), { onRollback: () => rolledBack.push('behind-1') });
      await assert.rejects(writer.committed(), ShardMovedError);
      await assert.rejects(queued!, ShardMovedError);
      assert.deepEqual(rolledBack.sort(), ['behind-1', 'behind-2']);
      assert.deepEqual(await bodies('behind-'), []);
      await stage({ ...old, writer }, free, 10, 'behind-3');
      assert.deepEqual(await bodies('behind-'), ['behind-3=behind-3'], 'the writer commits again once the stale batch is gone');
    });

    it('fences a batch with deletes in its transaction, before the deletes', async () => {
      const s = await heldShard();
      await stage(old, s, 10, 'deleted-1');
      await claimShardEpoch(next.db.knex, s, 11, next.name);
      old.writer.touchShard(s, 10);
      old.writer.delete(probeTable, { id: 'deleted-1' });
      old.writer.upsert(probeTable, row('deleted-2', s));
      await assert.rejects(old.writer.acknowledge(), ShardMovedError);
      assert.deepEqual(await bodies('deleted-'), ['deleted-1=deleted-1'], 'neither the delete nor the upsert happened');
    });

    it('refuses a commit to a shard nobody claimed', async () => {
      await assert.rejects(stage(old, 999, 1, 'unclaimed-1'), (e: unknown) => e instanceof ShardMovedError && e.shards[0] === 999);
      assert.deepEqual(await bodies('unclaimed-'), []);
    });

    it('names every touched shard when the refusal finds none stale: it never lets a commit through', async () => {
      const s = await heldShard();
      await assert.rejects(
        f.knex().raw('select cluster_shard_fence_refused(?::integer[], ?::bigint[])', [`{${s}}`, '{10}']),
        (e: unknown) => {
          const { code, detail } = e as { code?: string; detail?: string };
          return code === 'SVF01' && detail === String(s);
        },
      );
    });

    it('refuses a claim at a lower epoch, or at an equal one by another owner, and accepts a repeated claim', async () => {
      const s = await heldShard();
      const refused: Array<[string, number, string]> = [
        ['a lower epoch by another owner', 9, next.name],
        ['the same epoch by another owner', 10, next.name],
        ['a lower epoch by the holder itself', 9, old.name],
      ];
      for (const [what, epoch, owner] of refused) {
        const claim = await claimShardEpoch(f.knex(), s, epoch, owner);
        assert.equal(claim.claimed, false, what);
        assert.deepEqual(claim.claimed ? undefined : [claim.holder.epoch, claim.holder.owner], [10, old.name], what);
      }
      assert.deepEqual(await claimShardEpoch(f.knex(), s, 10, old.name), { claimed: true }, 'the holder claiming its own epoch again');
      await stage(old, s, 10, 'reclaimed-1');
      assert.deepEqual(await bodies('reclaimed-'), ['reclaimed-1=reclaimed-1'], 'the refused claims moved nothing');
    });

    it('does not check a batch that touches no shard', async () => {
      const s = await heldShard();
      await claimShardEpoch(next.db.knex, s, 11, next.name); // the old owner holds nothing now
      const sql = await queriesDuring(old.db.knex, async () => {
        old.writer.upsert(probeTable, row('unsharded-1', s));
        await old.writer.acknowledge();
      });
      assert.equal(sql.length, 1, 'one statement');
      assert.doesNotMatch(sql[0]!, /cluster_shard_epochs/);
      assert.deepEqual(await bodies('unsharded-'), ['unsharded-1=unsharded-1']);
    });

    it('checks the fence in the commit statement itself: still one statement per batch', async () => {
      const s = await heldShard();
      const sql = await queriesDuring(old.db.knex, () => stage(old, s, 10, 'one-1'));
      assert.equal(sql.length, 1);
      assert.match(sql[0]!, /^with t0 as \(insert into "fence_probe"[\s\S]* for share of stored\) as locked$/);
    });

    it('sends one statement, the table statement alone, without a fence or with no shard touched (single-process mode)', async () => {
      const plain = f.owner('single', { fence: false });
      // Parameters as `$n` on both sides: knex shows a statement numbered, the prepared runner as written.
      const write = async ({ db, writer }: Owner, id: string) =>
        (
          await queriesDuring(db.knex, async () => {
            writer.upsert(probeTable, row(id, 1));
            writer.upsert(probeTable, row(`${id}-b`, 1));
            await writer.acknowledge();
          })
        ).map(numberedParameters);
      const tableStatement = numberedParameters(recordsetStatement(probeTable));
      assert.deepEqual(await write(plain, 'plain-1'), [tableStatement], 'no fence');
      assert.deepEqual(await write(old, 'plain-2'), [tableStatement], 'a fence, no shard touched');
      assert.throws(() => plain.writer.touchShard(1, 1), /no fence/);
    });

    describe('a commit racing a claim', {
      skip: backend.name === 'embedded' ? 'PGlite has one connection: nothing interleaves' : false,
    }, () => {
      /**
       * Waits until a statement whose text contains `fragment` is waiting for a lock: the interleaving the
       * test set up has happened. Polls pg_stat_activity (no event says so); the wait itself is on a transaction the test holds.
       */
      const waitingForLock = async (fragment: string) => {
        for (let i = 0; i < 1000; i += 1) {
          const { rows } = await f.knex().raw(
            `select count(*)::int as n from pg_stat_activity
             where application_name = ? and wait_event_type = 'Lock' and position(? in query) > 0`,
            [f.application, fragment],
          );
          if ((rows as Array<{ n: number }>)[0]!.n > 0) return;
          await delay(5);
        }
        assert.fail(`no statement with ${fragment} waited for a lock`);
      };
      /** Transactions the test holds open; a test that fails midway leaves none behind (nor a commit waiting on one). */
      const open: Knex.Transaction[] = [];
      const begin = async () => {
        const trx = await next.db.knex.transaction();
        open.push(trx);
        return trx;
      };
      afterEach(async () => {
        for (const trx of open.splice(0)) if (!trx.isCompleted()) await trx.rollback();
      });

      it("lets a commit that read the epoch before the claim finish first; the claim waits for it, then the old owner's next commit is refused", async () => {
        const s = await heldShard();
        // A row lock the commit will wait on after its fence read the shard's row: the commit is in flight.
        const hold = await begin();
        await hold.raw(`insert into fence_probe (id, shard, body) values ('before-1', ?, 'held')`, [s]);
        const commit = stage(old, s, 10, 'before-1', 'old');
        await waitingForLock('for share of stored');
        const claim = claimShardEpoch(next.db.knex, s, 11, next.name);
        await waitingForLock('insert into cluster_shard_epochs');
        await hold.rollback();
        await commit;
        assert.deepEqual(await claim, { claimed: true });
        assert.deepEqual(await bodies('before-'), ['before-1=old'], 'the commit that read the old epoch first is kept');
        await assert.rejects(stage(old, s, 10, 'before-2'), ShardMovedError);
        assert.deepEqual(await bodies('before-'), ['before-1=old']);
      });

      it('holds back a commit that reaches the shard while a claim is updating it, and refuses it once the claim commits', async () => {
        const s = await heldShard();
        const claiming = await begin();
        assert.deepEqual(await claimShardEpoch(claiming, s, 11, next.name), { claimed: true });
        const fencedBefore = old.fenced.length;
        // Its refusal is expected while the test awaits something else: handled from the start.
        const refused = assert.rejects(stage(old, s, 10, 'after-1'), ShardMovedError);
        await waitingForLock('for share of stored');
        await claiming.commit();
        await refused;
        assert.deepEqual(old.fenced.slice(fencedBefore), [[s]]);
        assert.deepEqual(await bodies('after-'), []);
      });

      it('refuses a lower claim that waited for a higher one, and takes a higher claim that waited for a lower one', async () => {
        const s = await heldShard();
        const higher = await begin();
        await claimShardEpoch(higher, s, 13, 'instance-c');
        const lower = claimShardEpoch(next.db.knex, s, 12, next.name);
        await waitingForLock('insert into cluster_shard_epochs');
        await higher.commit();
        const refused = await lower;
        assert.deepEqual(refused.claimed ? undefined : [refused.holder.epoch, refused.holder.owner], [13, 'instance-c']);
        const low = await begin();
        await claimShardEpoch(low, s, 14, next.name);
        const high = claimShardEpoch(f.knex(), s, 15, 'instance-c');
        await waitingForLock('insert into cluster_shard_epochs');
        await low.commit();
        assert.deepEqual(await high, { claimed: true });
        assert.deepEqual(await readShardEpoch(f.knex(), s).then((h) => [h?.epoch, h?.owner]), [15, 'instance-c']);
      });

      it('accepts the held-back commit when the claim is rolled back', async () => {
        const s = await heldShard();
        const claiming = await begin();
        await claimShardEpoch(claiming, s, 11, next.name);
        const commit = stage(old, s, 10, 'undone-1');
        await waitingForLock('for share of stored');
        await claiming.rollback();
        await commit;
        assert.deepEqual(await bodies('undone-'), ['undone-1=undone-1']);
      });
    });
  });
}
