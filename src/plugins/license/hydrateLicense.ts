/** Reads stored licence activations and plugin switches at start, and applies those another instance commits (cluster mode). */
import type { Knex } from 'knex';
import { epoch } from '../../core/storage/tables.js';
import type { SharedRows } from '../../platform/modules/sharedState.js';
import type { LicenseManager, LicenseSource } from './licenseManager.js';
import { licenseActivationsTable, pluginSettingsTable } from './licenseTables.js';

export async function hydrateLicense(knex: Knex, manager: LicenseManager): Promise<void> {
  const activations: Record<string, unknown>[] = await knex('license_activations')
    .select('token', 'activated_at', 'source')
    .orderBy('activated_at');
  const switches: Record<string, unknown>[] = await knex('plugin_settings').select('name', 'enabled');
  manager.load(
    activations.map((a) => ({
      token: String(a['token']),
      activatedAt: epoch(a['activated_at'])!,
      source: sourceOf(a['source']),
    })),
    switches.map((s) => ({ name: String(s['name']), enabled: Boolean(s['enabled']) })),
  );
}

const sourceOf = (value: unknown): LicenseSource => (String(value) === 'api' ? 'api' : 'environment');

/** Activations and switches committed by another instance of a cluster (docs/adr/0068), with the rows hydration reads. */
export function sharedLicense(manager: LicenseManager): readonly SharedRows[] {
  return [
    {
      table: licenseActivationsTable.name,
      apply: (row) =>
        manager.adoptActivation({ token: String(row['token']), activatedAt: epoch(row['activated_at'])!, source: sourceOf(row['source']) }),
      // Activations are never deleted.
      remove: () => undefined,
    },
    {
      table: pluginSettingsTable.name,
      apply: (row) => manager.adoptSwitch(String(row['name']), Boolean(row['enabled']), epoch(row['updated_at']) ?? 0),
      remove: (key) => manager.adoptSwitch(String(key['name']), true, 0),
    },
  ];
}
