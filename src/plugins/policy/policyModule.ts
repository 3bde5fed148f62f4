/**
 * The policy module (migration 0021, tables 820-829): one engine behind `authorize` for every
 * resolver, REST handler and subscription (docs/access.md). It hands the sign-in service the
 * access each viewer carries, filters protected fields out of every answer (POST /graphql through
 * `filterResult`, subscriptions through the realtime module), and refuses inputs that write a
 * field the person may not write (a mutation interceptor, so no mutation has to ask).
 */
import type { CoreServices } from '../../core/coreServices.js';
import { getNamedType, type GraphQLResolveInfo } from 'graphql';
import type { ProductModule } from '../../platform/modules/module.js';
import { environmentSchema } from './environmentSchema.js';
import { policyMigration } from './migrations/0021_policy.js';
import { Policy } from './policy.js';
import { policySchema, type PolicyServices } from './policySchema.js';
import { PolicyStore } from './policyStore.js';
import { policyTables } from './policyTables.js';
import { ADMIN, type ActionsOf, type PermissionDeclarations } from '../../core/auth/roles.js';

/** The policy's own action: never changed by a permission rule, so an admin cannot lock the admins out. */
export const policyPermissions = {
  'policy:manage': ADMIN,
} as const satisfies PermissionDeclarations;

declare module '../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof policyPermissions> {}
}

export const policyModule: ProductModule<Pick<CoreServices, 'groups' | 'auth' | 'writer' | 'clock' | 'fleet'>, PolicyServices> = {
  name: 'policy',
  permissions: policyPermissions,
  screens: [{ name: 'access', label: 'Access (permission rules, fields, screens, environments)', needs: 'policy:manage' }],
  migrations: [policyMigration],
  tables: policyTables,
  schema: [policySchema, environmentSchema],
  intercept: {
    mutation(_field, resolve) {
      return (root, args, ctx, info: GraphQLResolveInfo) => {
        const policy = (ctx.app as Partial<PolicyServices>).policy;
        if (policy && ctx.viewer !== null) {
          for (const arg of info.parentType.getFields()[info.fieldName]?.args ?? []) {
            const typeName = policy.writtenType(getNamedType(arg.type).name);
            const value = args[arg.name];
            if (typeName !== undefined && value !== null && typeof value === 'object')
              policy.assertWritable(ctx.viewer, typeName, Object.keys(value));
          }
        }
        return resolve(root, args, ctx, info);
      };
    },
  },
  create(kit, { groups, auth }) {
    let policy: Policy | undefined;
    const store = new PolicyStore(kit.writer, kit.newId, () => policy?.engine.changed());
    policy = new Policy(kit.graphql.schema, store, groups, kit.screens);
    const built = policy;
    auth.useAccess((userId, role) => built.accessOf(userId, role));
    return {
      services: { policy: built },
      resultFilter: built.filterResult,
      // Cluster mode: policy changed through any instance (docs/adr/0068).
      shared: store.shared(),
      async hydrate() {
        const counts = await store.hydrate(kit.knex);
        kit.logger.info('policy loaded', counts);
      },
    };
  },
};
