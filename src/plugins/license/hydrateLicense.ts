/** Reads stored licence activations and plugin switches at start. */
import type { Knex } from 'knex';
import { epoch } from '../../core/storage/tables.js';
import type { LicenseManager, LicenseSource } from './licenseManager.js';

export async function hydrateLicense(knex: Knex, manager: LicenseManager): Promise<void> {
  const activations: Record<string, unknown>[] = await knex('license_activations')
    .select('token', 'activated_at', 'source')
    .orderBy('activated_at');
  const switches: Record<string, unknown>[] = await knex('plugin_settings').select('name', 'enabled');
  manager.load(
    activations.map((a) => ({
      token: String(a['token']),
      activatedAt: epoch(a['activated_at'])!,
      source: (String(a['source']) === 'api' ? 'api' : 'environment') as LicenseSource,
    })),
    switches.map((s) => ({ name: String(s['name']), enabled: Boolean(s['enabled']) })),
  );
}
