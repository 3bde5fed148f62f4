/**
 * Sign-in providers beside local accounts: LDAP and OpenID Connect
 * providers configured at run time, their people provisioned as local users marked with their
 * source, directory groups synced and mapped to product groups and roles, and the public list of
 * providers a login page reads (`GET /api/v1/auth/providers`, moved here from core so it can list
 * them). Not gated: sign-in is core. Migration 20, tables 800-815. src/plugins/signInProviders/README.md.
 */
import type { CoreServices } from '../../core/coreServices.js';
import type { TimerHandle } from '../../platform/scheduler/index.js';
import type { ProductModule } from '../../platform/modules/module.js';
import { LOCAL_PROVIDER, providersRoute, type PublicProvider } from '../../core/auth/providersRoute.js';
import { DirectoryGroups } from './directoryGroups.js';
import { directoryGroupSchema } from './directoryGroupSchema.js';
import { hydrateProviders } from './hydrateProviders.js';
import { signInProvidersSchema } from './migrations/0020_sign_in_providers.js';
import { OidcClients } from './oidcClient.js';
import { OidcFlows, oidcSignInsMigration } from './oidcFlows.js';
import { periodKey } from '../../platform/once/onceClaims.js';
import type { OnceServices } from '../../platform/once/onceModule.js';
import { oidcRoutes } from './oidcRoutes.js';
import { ProviderAccounts } from './providerAccounts.js';
import { providerLabel } from './providerRecord.js';
import { ProviderRegistry } from './providerRegistry.js';
import { providerSchema, startUrl } from './providerSchema.js';
import { ProviderService } from './providerService.js';
import { ProviderSignIn } from './providerSignIn.js';
import { SIGN_IN_PROVIDER_TABLES } from './providerTables.js';
import { createSecretBox } from '../../platform/config/secretBox.js';
import type { SignInProvidersServices } from './signInProvidersContext.js';
import { ADMIN, type ActionsOf, type PermissionDeclarations } from '../../core/auth/roles.js';

/** The sign-in providers' actions, and the roles allowed each by default. */
export const signInProviderPermissions = {
  'auth-provider:manage': ADMIN,
} as const satisfies PermissionDeclarations;

declare module '../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof signInProviderPermissions> {}
}

const FLOW_PRUNE_INTERVAL_MS = 60_000;

export const signInProvidersModule: ProductModule<CoreServices & Pick<OnceServices, 'once'>, SignInProvidersServices> = {
  name: 'signInProviders',
  permissions: signInProviderPermissions,
  migrations: [signInProvidersSchema, oidcSignInsMigration],
  tables: [...SIGN_IN_PROVIDER_TABLES],
  schema: [providerSchema, directoryGroupSchema],
  create(kit, core) {
    const { writer, bus, clock, logger, newId, knex } = kit;
    const box = createSecretBox(kit.secretKeys(), 'signInProviders');
    const registry = new ProviderRegistry(writer, box, core.groups);
    const accounts = new ProviderAccounts({ registry, users: core.users, groups: core.groups, writer, bus, clock });
    const oidc = new OidcClients();
    const flows = new OidcFlows(knex, clock, box);
    const authProviders = new ProviderService({ registry, accounts, oidc, users: core.users, writer, clock, logger, newId });
    const providerSignIn = new ProviderSignIn({
      registry,
      accounts,
      oidc,
      flows,
      auth: core.auth,
      users: core.users,
      writer,
      clock,
      logger,
    });
    const directoryGroups = new DirectoryGroups({ registry, accounts, groups: core.groups, people: core.people, writer, clock, newId });
    const publicProviders = (): PublicProvider[] => [
      LOCAL_PROVIDER,
      ...registry
        .all()
        .filter((p) => p.enabled)
        .map(
          (p): PublicProvider => ({
            id: p.id,
            type: p.type,
            name: providerLabel(p),
            enabled: true,
            loginMethod: p.type === 'ldap' ? 'password' : 'redirect',
            ...(p.type === 'oidc' ? { startUrl: startUrl(p) } : {}),
          }),
        ),
    ];
    let pruner: TimerHandle | undefined;
    return {
      services: { authProviders, authProviderRegistry: registry, providerSignIn, directoryGroups },
      async hydrate() {
        const counts = await hydrateProviders(knex, registry);
        for (const p of registry.all())
          if (p.secretError !== null)
            logger.warn('a sign-in provider secret cannot be decrypted', { provider: p.name, error: p.secretError });
        logger.info('sign-in providers loaded', counts);
      },
      routes: [providersRoute(publicProviders), ...oidcRoutes(providerSignIn)],
      // Cluster mode: providers and their links changed through any instance (docs/adr/0068).
      shared: registry.shared(),
      busHandlers: {
        committed: (event) => {
          if (event.type === 'user.deleted') registry.forgetUser(event.user.id);
        },
      },
      start() {
        // Product time: the expiry of a sign-in under way is a rule a person observes.
        // One instance of a cluster prunes the shared table per period (src/platform/once).
        pruner = clock.setRepeatingTimer(FLOW_PRUNE_INTERVAL_MS, () => {
          core.once
            .run('signInProviders.oidc_flows.prune', periodKey(clock.now(), FLOW_PRUNE_INTERVAL_MS), () => flows.prune())
            .catch((error: unknown) => logger.error('pruning OpenID Connect sign-ins under way failed', { error }));
        });
      },
      stop: () => clock.clearTimer(pruner),
    };
  },
};
