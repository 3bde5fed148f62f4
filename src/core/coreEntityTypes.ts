/** The entity kinds core knows: services, people and groups. Other modules declare theirs (the licence module: `license`). */
import type { Fleet } from './fleet/fleet.js';
import type { GroupDirectory } from './people/groupDirectory.js';
import type { UserDirectory } from './people/userDirectory.js';
import type { EntityType } from '../platform/modules/entityTypes.js';

export function coreEntityTypes(fleet: Fleet, users: UserDirectory, groups: GroupDirectory): EntityType[] {
  return [
    {
      name: 'service',
      read: 'service:read',
      write: 'service:write',
      exists: (id) => fleet.services.get(id) !== undefined,
      placeOf: (id) => fleet.services.get(id)?.nodePath,
      held: () => fleet.services.size,
    },
    { name: 'user', read: 'directory:read', write: 'user:manage', exists: (id) => users.get(id) !== undefined, held: () => users.size },
    { name: 'group', read: 'directory:read', write: 'group:manage', exists: (id) => groups.get(id) !== undefined, held: () => groups.size },
  ];
}
