/**
 * Saved filters: per person, optionally shared read-only with groups, one default per person and
 * resource. Its table is created by its own migration saved-filters/1 (databases from before got it from the
 * agent keys' 0022; it leaves theirs as it is).
 */
import type { CoreServices } from '../../core/coreServices.js';
import type { ProductModule } from '../../platform/modules/module.js';
import { savedFilterFromRow, savedFiltersTable } from './savedFilterRecord.js';
import { savedFilterSchema, type SavedFilterServices } from './savedFilterSchema.js';
import { SavedFilterService } from './savedFilterService.js';
import { savedFiltersMigration } from './migrations/0001_saved_filters.js';

export const savedFiltersModule: ProductModule<Pick<CoreServices, 'groups' | 'users'>, SavedFilterServices> = {
  name: 'saved-filters',
  migrations: [savedFiltersMigration],
  tables: [savedFiltersTable],
  schema: [savedFilterSchema],
  create(kit, { groups }) {
    const savedFilters = new SavedFilterService({ writer: kit.writer, clock: kit.clock, groups, newId: kit.newId });
    return {
      services: { savedFilters },
      async hydrate() {
        const rows: Record<string, unknown>[] = await kit.knex('saved_filters').select('*');
        for (const row of rows) savedFilters.load(savedFilterFromRow(row));
        kit.logger.info('saved filters loaded', { filters: rows.length });
      },
      // Cluster mode: filters saved or shared through any instance (docs/adr/0068).
      shared: [
        {
          table: savedFiltersTable.name,
          apply: (row) => savedFilters.adopt(String(row['id']), savedFilterFromRow(row)),
          remove: (key) => savedFilters.adopt(String(key['id']), undefined),
        },
      ],
      busHandlers: {
        staged(event) {
          if (event.type === 'user.deleted') savedFilters.forgetPerson(event.user.id);
        },
      },
    };
  },
};
