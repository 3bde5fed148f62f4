/**
 * What every resolver is given: who is asking, from where, and the services of the product. A
 * resolver sees them through its module's slice (`GraphQLContext<Slice>`); core's are below, each
 * other module declares its own beside its schema.
 */
import type { AuthService, ClientInfo } from '../../core/auth/authService.js';
import type { Viewer } from '../../core/auth/roles.js';
import type { Clock } from '../scheduler/index.js';
import type { DashboardStatsSource } from '../../core/dashboard/dashboardStats.js';
import type { Fleet } from '../../core/fleet/fleet.js';
import type { BatchWriter } from '../persistence/batchWriter.js';
import type { GroupDirectory } from '../../core/people/groupDirectory.js';
import type { PeopleService } from '../../core/people/peopleService.js';
import type { UserDirectory } from '../../core/people/userDirectory.js';
import type { SessionStore } from '../../core/auth/sessionStore.js';
import type { ServiceCommands } from '../../core/commands/serviceCommands.js';
import type { Knex } from 'knex';

/** Core's services: the fleet, people and sign-in, and the platform parts resolvers read. */
export interface CoreServices {
  readonly fleet: Fleet;
  /** Changes to services and the hierarchy (shared with the machine API). */
  readonly serviceCommands: ServiceCommands;
  readonly users: UserDirectory;
  readonly groups: GroupDirectory;
  readonly sessions: SessionStore;
  readonly people: PeopleService;
  readonly auth: AuthService;
  /** For queries that read history from the database. */
  readonly knex: Knex;
  readonly dashboard: DashboardStatsSource;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly version: string;
}

export interface GraphQLContext<App extends object = CoreServices> {
  readonly viewer: Viewer | null;
  readonly client: ClientInfo;
  readonly app: App;
}
