/**
 * Core's services: what the core module (coreModule.ts) gives every later module and every core
 * resolver reads from `ctx.app` (`GraphQLContext<CoreServices>`). The platform's GraphQL context is
 * generic over its services and does not know these (src/platform/graphql/context.ts).
 */
import type { AuthService } from './auth/authService.js';
import type { ServiceCommands } from './commands/serviceCommands.js';
import type { DashboardStatsSource } from './dashboard/dashboardStats.js';
import type { Fleet } from './fleet/fleet.js';
import type { GroupDirectory } from './people/groupDirectory.js';
import type { PeopleService } from './people/peopleService.js';
import type { UserDirectory } from './people/userDirectory.js';
import type { SessionStore } from './auth/sessionStore.js';
import type { BatchWriter } from '../platform/persistence/batchWriter.js';
import type { Clock } from '../platform/scheduler/index.js';
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
