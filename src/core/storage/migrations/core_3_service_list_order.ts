import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

/**
 * The services in list order (byte order of name, then node path), as the start reads them (hydrate.ts): with the
 * index PostgreSQL streams the rows from the first one; without it, it sorted the whole table before the first row,
 * about a second at a million services during which the process only waited (docs/adr/0084).
 */
export const serviceListOrderIndex: Migration = {
  namespace: 'core',
  version: 3,
  name: 'services: an index in list order (name, node path, byte order) so the start streams them unsorted by the server',
  async up(trx) {
    await runStatements(
      trx,
      `
      create index services_list_order on services (name collate "C", node_path collate "C");
    `,
    );
  },
};
