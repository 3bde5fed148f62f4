/**
 * Core: the fleet (services, the node hierarchy, agents, SLA groups), people and sign-in, and the
 * queries over them (services, operations, dashboard, search). Every other module builds on its
 * services (`CoreServices`). Its tables and hydration live in src/platform/persistence, its migrations in
 * src/platform/persistence/migrations.
 */
import type { CoreServices } from './coreServices.js';
import { AgentRegistry } from './fleet/agentRegistry.js';
import type { Fleet } from './fleet/fleet.js';
import { NodeHierarchy } from './fleet/nodeHierarchy.js';
import { createLocalServiceRegistry } from './fleet/serviceRegistry.js';
import { SlaGroupStore } from './fleet/slaGroupStore.js';
import { authSchema } from './auth/authSchema.js';
import { CORE_PERMISSIONS } from './auth/roles.js';
import { AuthService, createDecoyHash } from './auth/authService.js';
import { ensureBootstrapAdmin } from './auth/bootstrapAdmin.js';
import { createLoginThrottle } from './auth/loginThrottle.js';
import { loggedLoginThrottle } from './auth/signInLog.js';
import { createAgentSilenceLog } from './operations/agentSilenceLog.js';
import { PasswordResets } from './auth/passwordResets.js';
import { SessionStore } from './auth/sessionStore.js';
import { createTokenService } from './auth/tokens.js';
import { resolveJwtSecret } from '../platform/config/secrets.js';
import { createDashboardStats } from './dashboard/dashboardStats.js';
import { dashboardFigureStore, dashboardFiguresSchema } from './dashboard/dashboardFiguresTable.js';
import { serviceListOrderIndex } from './storage/migrations/core_3_service_list_order.js';
import { dashboardSchema } from './dashboard/dashboardSchema.js';
import { defaultPageBlocks } from './dashboard/uptimeQuery.js';
import { ServiceCommands } from './commands/serviceCommands.js';
import { operationsSchema } from './operations/operationsSchema.js';
import { GroupDirectory } from './people/groupDirectory.js';
import { peopleSchema } from './people/peopleSchema.js';
import { PeopleService } from './people/peopleService.js';
import { UserDirectory } from './people/userDirectory.js';
import { hydrate } from './storage/hydrate.js';
import { hydratePeople } from './storage/hydratePeople.js';
import { sharedPeople } from './sharedPeople.js';
import { fleetReplicas } from './storage/replicaTables.js';
import { coreMigrations } from './storage/migrations/index.js';
import { groupMembersTable, groupsTable, passwordResetTokensTable, sessionsTable, usersTable } from './storage/peopleTables.js';
import {
  agentCommandsTable,
  agentsTable,
  backupReportsTable,
  nodesTable,
  servicesTable,
  slaGroupsTable,
  statusIntervalsTable,
} from './storage/tables.js';
import { coreEntityTypes } from './coreEntityTypes.js';
import { CORE_METRICS, instrumentCore } from './coreMetrics.js';
import { machineRoutes } from './rest/machineRoutes.js';
import { searchSchema } from './search/searchSchema.js';
import { servicesSchema } from './services/servicesSchema.js';
import { CORE_SOURCES } from './coreWebhookEvents.js';
import type { TimerHandle } from '../platform/scheduler/index.js';
import type { ProductModule } from '../platform/modules/module.js';
import { periodKey } from '../platform/once/onceClaims.js';
import type { OnceServices } from '../platform/once/onceModule.js';
import { pruneThrottle, sharedThrottleStore, signInThrottleMigration } from './auth/sharedThrottleStore.js';

const SESSION_PRUNE_INTERVAL_MS = 10 * 60_000;
const THROTTLE_PRUNE_INTERVAL_MS = 5 * 60_000;
/** The throttle's defaults (loginThrottle.ts), which the prune keeps to. */
const THROTTLE_FORGET_AFTER_MS = 3_600_000;
const THROTTLE_MAX_ENTRIES = 100_000;

export const coreModule: ProductModule<Pick<OnceServices, 'once'>, CoreServices> = {
  name: 'core',
  permissions: CORE_PERMISSIONS,
  screens: [
    { name: 'dashboard', label: 'Dashboard', needs: 'dashboard:read' },
    { name: 'services', label: 'Services', needs: 'service:read' },
    { name: 'operations', label: 'Operations (hierarchy and agents)', needs: 'node:read' },
    { name: 'search', label: 'Search', needs: 'search:read' },
    { name: 'users', label: 'Users', needs: 'user:manage' },
    { name: 'groups', label: 'Groups', needs: 'group:manage' },
  ],
  migrations: [...coreMigrations, signInThrottleMigration, dashboardFiguresSchema, serviceListOrderIndex],
  tables: [
    nodesTable,
    servicesTable,
    statusIntervalsTable,
    backupReportsTable,
    agentsTable,
    agentCommandsTable,
    slaGroupsTable,
    usersTable,
    sessionsTable,
    passwordResetTokensTable,
    groupsTable,
    groupMembersTable,
  ],
  schema: [authSchema, peopleSchema, servicesSchema, operationsSchema, dashboardSchema, searchSchema],
  webhookEvents: CORE_SOURCES,
  metrics: CORE_METRICS,
  async create(kit, { once }) {
    const { config, writer, bus, clock, logger, newId, knex } = kit;
    // On libuv's threads while the state loads; awaited before the module is hydrated, so a failure still stops start.
    const decoyHash = createDecoyHash(config.auth.passwordHashCost);
    decoyHash.catch(() => undefined); // a failure surfaces where hydrate awaits it, never as an unhandled rejection
    const nodes = new NodeHierarchy(writer);
    const fleet: Fleet = {
      nodes,
      services: createLocalServiceRegistry({
        writer,
        bus,
        nodes,
        newId,
        scheduler: clock,
        onError: (error, where) => logger.error('service timer failed', { error, where }),
      }),
      agents: new AgentRegistry(writer, newId, bus),
      slaGroups: new SlaGroupStore(writer, newId),
    };
    const people = {
      users: new UserDirectory(writer, newId),
      groups: new GroupDirectory(writer, newId),
      sessions: new SessionStore(writer),
      resets: new PasswordResets(writer, newId),
    };
    const auth = new AuthService({
      ...people,
      tokens: createTokenService({ secret: config.jwtSecret ?? resolveJwtSecret(undefined, config.database.dataDir, logger), clock }),
      throttle: loggedLoginThrottle(
        createLoginThrottle({
          perAddressPerMinute: config.auth.loginAttemptsPerMinutePerAddress,
          perAccountPerMinute: config.auth.loginAttemptsPerMinutePerAccount,
          now: clock.now,
          // In PostgreSQL: every instance counts the same failures, and a restart forgets none (docs/adr/0066).
          store: sharedThrottleStore({ knex, now: clock.now }),
        }),
        logger,
        clock,
      ),
      writer,
      bus,
      clock,
      decoyHash,
      passwordHashCost: config.auth.passwordHashCost,
      // Cluster mode: a session or user unknown here may have been committed by another instance a moment ago.
      ...(kit.sharedState ? { catchUp: () => kit.sharedState!.catchUp([sessionsTable.name, usersTable.name]) } : {}),
    });
    const serviceCommands = new ServiceCommands({ fleet, users: people.users, groups: people.groups, writer, clock });
    const dashboard = createDashboardStats({
      knex,
      fleet,
      clock,
      pool: kit.workers,
      pageBlocks: defaultPageBlocks(kit.database.kind),
      stored: dashboardFigureStore(knex),
    });
    const services: CoreServices = {
      ...people,
      fleet,
      serviceCommands,
      people: new PeopleService({ ...people, auth, services: fleet.services, writer, bus, clock }),
      auth,
      knex,
      dashboard,
      writer,
      clock,
      version: kit.version,
    };
    const rest = { fleet, services: serviceCommands, writer, clock };
    const countStatusChange = instrumentCore(kit.metrics, serviceCommands, fleet.services);
    let sessionPruner: TimerHandle | undefined;
    let throttlePruner: TimerHandle | undefined;
    const agentSilence = createAgentSilenceLog(() => fleet.agents.list(), logger, clock);
    let stopping = false;
    // A large fleet's first dashboard would wait seconds for figures nobody computed yet (docs/adr/0087).
    const warmDashboard = () => {
      const started = performance.now();
      dashboard.warm().then(
        (warmed) => {
          if (warmed)
            logger.info('dashboard figures computed at start', {
              services: fleet.services.size,
              ms: Math.round(performance.now() - started),
            });
        },
        (error: unknown) => {
          if (!stopping) logger.warn('computing the dashboard figures at start failed: the first dashboard computes them', { error });
        },
      );
    };
    return {
      services,
      personAuth: auth,
      async hydrate() {
        await ensureBootstrapAdmin(knex, config.bootstrapAdmin, clock.now(), logger, config.auth.passwordHashCost);
        const counts = await hydrate(knex, kit.database.kind, fleet, clock.now());
        const peopleCounts = await hydratePeople(knex, people, clock.now());
        await decoyHash;
        logger.info('state loaded', { ...counts, ...peopleCounts, database: kit.database.kind });
      },
      // GET /api/v1/auth/providers is mounted by the sign-in providers module (src/plugins/signInProviders), which lists them.
      // The probes (/health, /ready, /livez, /readyz) are the platform's (src/platform/health), served from the first moment.
      routes: machineRoutes(rest),
      entityTypes: coreEntityTypes(fleet, people.users, people.groups),
      busHandlers: { committed: countStatusChange },
      replicas: fleetReplicas(fleet),
      // Cluster mode: people and sessions changed through any instance (docs/adr/0068).
      shared: sharedPeople(people),
      // Cluster mode's read model (docs/adr/0065): an event about a service goes with the service's rows (a plugin's
      // too: a maintenance window's, an SLA incident's), an agent command's with its agent's.
      eventShardKey(event) {
        const about = event as { readonly service?: { readonly id?: unknown }; readonly command?: { readonly nodeId?: unknown } };
        if (typeof about.service?.id === 'string') return fleet.services.shardKeyOf(about.service.id) ?? about.service.id;
        if (event.type.startsWith('agent.') && typeof about.command?.nodeId === 'string') return about.command.nodeId;
        return undefined;
      },
      start() {
        // Ended and expired sessions are history: keep memory bounded by the sessions that can still be used.
        // Product time (src/platform/scheduler/clock.ts).
        sessionPruner = clock.setRepeatingTimer(SESSION_PRUNE_INTERVAL_MS, () => people.sessions.pruneAll(clock.now()));
        // The sign-in throttle's table: one instance of a cluster prunes it per period (src/platform/once).
        throttlePruner = clock.setRepeatingTimer(THROTTLE_PRUNE_INTERVAL_MS, () => {
          const at = clock.now();
          once
            .run('auth.sign_in_throttle.prune', periodKey(at, THROTTLE_PRUNE_INTERVAL_MS), () =>
              pruneThrottle(knex, at, { accountForgetAfterMs: THROTTLE_FORGET_AFTER_MS, maxEntries: THROTTLE_MAX_ENTRIES }),
            )
            .catch((error: unknown) => logger.error('pruning the sign-in throttle failed', { error }));
        });
        agentSilence.start();
      },
      ready() {
        warmDashboard();
      },
      stop() {
        stopping = true;
        clock.clearTimer(sessionPruner);
        clock.clearTimer(throttlePruner);
        agentSilence.stop();
      },
    };
  },
};
