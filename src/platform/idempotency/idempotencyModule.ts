/**
 * The idempotency module: declares the `idempotency_keys` table and its migration (namespace
 * `idempotency`), provides the store the entry wraps state-changing routes with (src/app.ts), and
 * prunes answers older than 24 hours once an hour on the scheduler's clock, on one instance of a cluster per hour
 * (src/platform/once).
 */
import type { ProductModule } from '../modules/module.js';
import type { OnceServices } from '../once/onceModule.js';
import { periodKey } from '../once/onceClaims.js';
import type { TimerHandle } from '../scheduler/index.js';
import { IdempotencyStore } from './idempotencyStore.js';
import { idempotencyKeysTable, idempotencyMigration } from './idempotencyTable.js';

export const PRUNE_PERIOD_MS = 60 * 60 * 1000;

export interface IdempotencyServices {
  readonly idempotency: IdempotencyStore;
}

export const idempotencyModule: ProductModule<Pick<OnceServices, 'once'>, IdempotencyServices> = {
  name: 'idempotency',
  migrations: [idempotencyMigration],
  tables: [idempotencyKeysTable],
  create(kit, { once }) {
    const idempotency = new IdempotencyStore({ knex: kit.knex, writer: kit.writer, clock: kit.clock });
    let timer: TimerHandle | undefined;
    const prune = () => {
      once
        .run('idempotency.prune', periodKey(kit.clock.now(), PRUNE_PERIOD_MS), () => idempotency.prune())
        .catch((error: unknown) => kit.logger.error('pruning idempotency keys failed', { error }));
    };
    return {
      services: { idempotency },
      start() {
        timer = kit.clock.setRepeatingTimer(PRUNE_PERIOD_MS, prune);
      },
      stop() {
        kit.clock.clearTimer(timer);
      },
    };
  },
};
