/**
 * The once module: declares the claims table (namespace `once`) and provides `once`, the claims every
 * module's cluster-wide jobs run through, and `instanceId`, the name this instance claims under
 * (SVC_INSTANCE_ID in cluster mode; in one process a generated one, which no other process shares).
 * Composed in every product, single-process included: one process claims every period at the cost of
 * one statement per job run, and at start gives back the unfinished claims a crash left.
 */
import { defaultInstanceId } from '../config/cluster.js';
import type { ProductModule } from '../modules/module.js';
import { OnceClaims } from './onceClaims.js';
import { ONCE_NAMESPACE, onceClaimsMigration, onceClaimsTable } from './onceMigration.js';

export interface OnceServices {
  readonly once: OnceClaims;
  readonly instanceId: string;
}

// biome-ignore lint/complexity/noBannedTypes: {} is the empty slice: it needs nothing
export const onceModule: ProductModule<{}, OnceServices> = {
  name: ONCE_NAMESPACE,
  migrations: [onceClaimsMigration],
  tables: [onceClaimsTable],
  create(kit) {
    const instanceId = kit.config.cluster?.instanceId ?? defaultInstanceId();
    const once = new OnceClaims({ knex: kit.knex, clock: kit.clock, instanceId });
    return {
      services: { once, instanceId },
      async hydrate() {
        // One process is the only instance: an unfinished claim is a crashed run of its own, to run again now, not
        // once the claim expires.
        if (kit.config.cluster === undefined) await once.releaseAllUnfinished();
      },
    };
  },
};
