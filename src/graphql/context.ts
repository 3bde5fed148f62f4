/** What every resolver is given: who is asking, from where, and the product's services. */
import type { AuthService, ClientInfo } from '../auth/authService.js';
import type { Viewer } from '../auth/roles.js';
import type { Clock } from '../clock.js';
import type { DashboardStatsSource } from '../dashboard/dashboardStats.js';
import type { Fleet } from '../actors/fleet.js';
import type { BatchWriter } from '../persistence/batchWriter.js';
import type { GroupDirectory } from '../people/groupDirectory.js';
import type { PeopleService } from '../people/peopleService.js';
import type { UserDirectory } from '../people/userDirectory.js';
import type { SessionStore } from '../auth/sessionStore.js';
import type { FleetService } from '../services/fleetService.js';
import type { LicenseManager } from '../license/licenseManager.js';
import type { AuditTrail } from '../audit/auditTrail.js';
import type { Knex } from 'knex';
import type { NotificationCenter } from '../notifications/notificationCenter.js';
import type { RealtimeService } from '../realtime/realtimeService.js';
import type { EntityTypeRegistry } from '../realtime/entityTypes.js';
import type { WebhookService } from '../webhooks/webhookService.js';

export interface AppServices {
  readonly fleet: Fleet;
  readonly fleetService: FleetService;
  readonly users: UserDirectory;
  readonly groups: GroupDirectory;
  readonly sessions: SessionStore;
  readonly people: PeopleService;
  readonly auth: AuthService;
  readonly license: LicenseManager;
  readonly audit: AuditTrail;
  readonly webhooks: WebhookService;
  /** For queries that read history from the database (audit trail). */
  readonly knex: Knex;
  readonly dashboard: DashboardStatsSource;
  readonly notifications: NotificationCenter;
  /** Subscriptions, presence and edit locks. */
  readonly realtime: RealtimeService;
  /** Entity kinds people watch, lock and subscribe to; plugins register theirs. */
  readonly entityTypes: EntityTypeRegistry;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly version: string;
}

export interface GraphQLContext {
  readonly viewer: Viewer | null;
  readonly client: ClientInfo;
  readonly app: AppServices;
}
