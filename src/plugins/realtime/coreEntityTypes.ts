/** The entity kinds core knows: services, people and groups. Other modules declare theirs (the licence module: `license`). */
import type { Fleet } from '../../core/fleet/fleet.js';
import type { GroupDirectory } from '../../core/people/groupDirectory.js';
import type { UserDirectory } from '../../core/people/userDirectory.js';
import type { EntityType } from './entityTypes.js';

export function coreEntityTypes(fleet: Fleet, users: UserDirectory, groups: GroupDirectory): EntityType[] {
  return [
    { name: 'service', read: 'service:read', write: 'service:write', exists: (id) => fleet.services.get(id) !== undefined, placeOf: (id) => fleet.services.get(id)?.nodePath },
    { name: 'user', read: 'directory:read', write: 'user:manage', exists: (id) => users.get(id) !== undefined },
    { name: 'group', read: 'directory:read', write: 'group:manage', exists: (id) => groups.get(id) !== undefined },
  ];
}
