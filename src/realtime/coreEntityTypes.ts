/** The entity kinds core knows: services, people, groups and the licence. Plugins add theirs. */
import type { Fleet } from '../actors/fleet.js';
import type { GroupDirectory } from '../people/groupDirectory.js';
import type { UserDirectory } from '../people/userDirectory.js';
import { EntityTypeRegistry } from './entityTypes.js';

export function coreEntityTypes(fleet: Fleet, users: UserDirectory, groups: GroupDirectory): EntityTypeRegistry {
  const registry = new EntityTypeRegistry();
  registry.register({ name: 'service', read: 'service:read', write: 'service:write', exists: (id) => fleet.services.get(id) !== undefined });
  registry.register({ name: 'user', read: 'directory:read', write: 'user:manage', exists: (id) => users.get(id) !== undefined });
  registry.register({ name: 'group', read: 'directory:read', write: 'group:manage', exists: (id) => groups.get(id) !== undefined });
  registry.register({ name: 'license', read: 'license:read', write: 'license:manage', exists: (id) => id === 'current' });
  return registry;
}
