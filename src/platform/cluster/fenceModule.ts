/**
 * The cluster as a module: today it declares the fence's table and function (fenceMigration.ts) and adds
 * nothing at run time. Composed in every product, single-process included, so every database has the same
 * schema; cluster mode's running parts (leases, placement) are wired by the entry point when it is on.
 */
import type { ProductModule } from '../modules/module.js';
import { CLUSTER_NAMESPACE, shardEpochsSchema } from './fenceMigration.js';

// biome-ignore lint/complexity/noBannedTypes: {} is the empty service set: it needs nothing and provides nothing
export const clusterFenceModule: ProductModule<{}, {}> = {
  name: CLUSTER_NAMESPACE,
  migrations: [shardEpochsSchema],
  create: () => ({ services: {} }),
};
