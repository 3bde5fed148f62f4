/**
 * The licence module: the licence in force and the plugin switches. It provides the plugin gate
 * every gated module is checked against (src/platform/modules/pluginGate.ts), loads stored activations and
 * SVC_LICENSE_KEY before the server serves, and brings the activation route, `licenseInfo` /
 * `togglePlugin`, and the `license` entity type.
 */
import type { CoreServices } from '../../core/coreServices.js';
import type { AuditServices } from '../audit/auditSchema.js';
import { namedStream, type ProductModule } from '../../platform/modules/module.js';
import { activationRoute } from './activationRoute.js';
import { hydrateLicense, sharedLicense } from './hydrateLicense.js';
import { LicenseManager } from './licenseManager.js';
import { licenseSchema, type LicenseServices } from './licenseSchema.js';
import { licenseActivationsTable, pluginSettingsTable } from './licenseTables.js';
import { decodePublicKey } from './licenseToken.js';
import { licenseSettings } from './licenseSettings.js';
import { licensingSchema } from './migrations/0004_licensing.js';
import { PRODUCT_LICENSE_PUBLIC_KEY } from './productKey.js';
import { ADMIN, EVERYONE, type ActionsOf, type PermissionDeclarations } from '../../core/auth/roles.js';

/** The licence's actions, and the roles allowed each by default. */
export const licensePermissions = {
  'license:read': EVERYONE,
  'license:manage': ADMIN,
} as const satisfies PermissionDeclarations;

declare module '../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof licensePermissions> {}
}

export const licenseModule: ProductModule<Pick<CoreServices, 'auth'> & Pick<AuditServices, 'audit'>, LicenseServices> = {
  name: 'license',
  permissions: licensePermissions,
  settings: [licenseSettings],
  screens: [{ name: 'license', label: 'Licence and plugins', needs: 'license:manage' }],
  streams: [
    // `licenseUpdated`: everyone who may read the licence hears it change; it is the `license` entity's event too.
    namedStream({
      field: 'licenseUpdated',
      on: 'license.updated',
      visibility: 'shared',
      read: 'license:read',
      channel: () => 'license',
      publish: (event) => ({
        channel: 'license',
        payload: {
          event: 'license:updated',
          reason: event.reason,
          customer: event.customer,
          activePlugins: event.activePlugins,
          at: event.at,
        },
        entity: { type: 'license', id: 'current', event: 'license:updated', at: event.at },
      }),
    }),
  ],
  migrations: [licensingSchema],
  tables: [licenseActivationsTable, pluginSettingsTable],
  schema: [licenseSchema],
  create(kit, { auth, audit }) {
    const license = new LicenseManager({
      publicKey: decodePublicKey(kit.config.license.publicKey ?? PRODUCT_LICENSE_PUBLIC_KEY),
      writer: kit.writer,
      bus: kit.bus,
      clock: kit.clock,
      logger: kit.logger,
      newId: kit.newId,
    });
    return {
      services: { license },
      pluginGate: license,
      async hydrate() {
        await hydrateLicense(kit.knex, license);
        await license.configure(kit.config.license.key);
      },
      routes: [activationRoute({ license, machineAuth: kit.machineAuth, auth, audit })],
      entityTypes: [{ name: 'license', read: 'license:read', write: 'license:manage', exists: (id) => id === 'current' }],
      // Cluster mode: a licence activated or a plugin switched through any instance (docs/adr/0068).
      shared: sharedLicense(license),
      stop: () => license.close(),
    };
  },
};
