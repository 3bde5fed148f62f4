/**
 * The audit module (audit plugin): the trail of every state-changing call. It wraps every module's
 * mutations (except ephemeral ones) and REST POSTs in an audit scope (see auditTrail.ts), records
 * nothing while the plugin is inactive, and its queries are gated by the plugin.
 */
import type { CoreServices } from '../../core/coreServices.js';
import type { ProductModule } from '../../platform/modules/module.js';
import { auditedRoute } from './auditedRoute.js';
import { auditSchema, type AuditServices } from './auditSchema.js';
import { auditEventsTable } from './auditTable.js';
import { AuditTrail } from './auditTrail.js';
import { auditSchema as auditMigration } from './migrations/0005_audit.js';
import { auditOrderSchema } from './migrations/0006_audit_order.js';
import { auditRequestIdSchema } from './migrations/audit_1_request_id.js';
import { ADMIN, type ActionsOf, type PermissionDeclarations } from '../../core/auth/roles.js';

/** The audit trail's actions, and the roles allowed each by default. */
export const auditPermissions = {
  'audit:read': ADMIN,
} as const satisfies PermissionDeclarations;

declare module '../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof auditPermissions> {}
}

// The licence plugin this module and its companions are gated by (`plugin: 'audit'`).
declare module '../../platform/modules/pluginNames.js' {
  interface PluginNameMap {
    audit: true;
  }
}

export const auditModule: ProductModule<Pick<CoreServices, 'knex' | 'writer'>, Pick<AuditServices, 'audit'>> = {
  name: 'audit',
  permissions: auditPermissions,
  screens: [{ name: 'audit', label: 'Audit trail', needs: 'audit:read' }],
  plugin: 'audit',
  migrations: [auditMigration, auditOrderSchema, auditRequestIdSchema],
  tables: [auditEventsTable],
  schema: [auditSchema],
  intercept: {
    route: (route, services) => auditedRoute(route, services.audit),
    mutation: ({ name, ephemeral }, resolve) =>
      ephemeral
        ? resolve
        : (root, args, ctx, info) =>
            ctx.app.audit.run(
              {
                kind: 'graphql',
                action: name,
                actorId: ctx.viewer?.userId ?? null,
                actor: ctx.viewer?.username ?? signInName(args),
                sourceAddress: ctx.client.address,
                detail: () => args,
              },
              async () => resolve(root, args, ctx, info),
            ),
  },
  create: (kit) => ({
    services: { audit: new AuditTrail({ writer: kit.writer, plugins: kit.plugins, clock: kit.clock, newId: kit.newId }) },
  }),
};

/** Who a sign-in attempt claims to be, for the trail of failed sign-ins. */
function signInName(args: Record<string, unknown>): string | null {
  const name = args['username'] ?? args['email'];
  return typeof name === 'string' ? name : null;
}
