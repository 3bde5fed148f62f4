/** Loads the providers (opening their secrets), the user links, LDAP groups and mappings at start. */
import type { Knex } from 'knex';
import type { ProviderRegistry } from './providerRegistry.js';
import { identityFromRow, ldapGroupFromRow, mappingFromRow, providerFromRow } from './providerTables.js';

export async function hydrateProviders(knex: Knex, registry: ProviderRegistry): Promise<{ providers: number; providerIdentities: number }> {
  const providers = await knex('auth_providers').select('*');
  for (const row of providers) registry.loadProvider(providerFromRow(row));
  const identities = await knex('auth_identities').select('*');
  for (const row of identities) registry.loadIdentity(identityFromRow(row));
  for (const row of await knex('ldap_groups').select('*')) registry.loadLdapGroup(ldapGroupFromRow(row));
  for (const row of await knex('group_mappings').select('*')) registry.loadMapping(mappingFromRow(row));
  return { providers: providers.length, providerIdentities: identities.length };
}
