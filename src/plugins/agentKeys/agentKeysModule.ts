/**
 * Scoped agent keys (README "Agent keys"): created and revoked by admins over
 * GraphQL, checked by the gateway's machine auth (handed over in `create`), uses flushed every
 * minute and on stop. Its migrations: 0022 (the keys' table) and 0025 (keys' own request budgets).
 */
import type { CoreServices } from '../../core/coreServices.js';
import type { ProductModule } from '../../platform/modules/module.js';
import { AgentKeyRegistry } from './agentKeyRegistry.js';
import { agentKeySchema, type AgentKeyServices } from './agentKeySchema.js';
import { agentKeyFromRow, agentKeysTable } from './agentKeyTables.js';
import { agentKeysSchema } from './migrations/0022_agent_keys.js';
import { agentKeyBudgetsSchema } from './migrations/0025_agent_key_budgets.js';
import { ADMIN, type ActionsOf, type PermissionDeclarations } from '../../core/auth/roles.js';

/** The agent keys' actions, and the roles allowed each by default. */
export const agentKeyPermissions = {
  'agent-key:manage': ADMIN,
} as const satisfies PermissionDeclarations;

declare module '../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof agentKeyPermissions> {}
}

/** How often uses are written: lastUsedAt is at most this old in the database (exact in the API). */
export const AGENT_KEY_USE_FLUSH_MS = 60_000;

export const agentKeysModule: ProductModule<Pick<CoreServices, 'writer' | 'clock'>, AgentKeyServices> = {
  name: 'agent-keys',
  permissions: agentKeyPermissions,
  migrations: [agentKeysSchema, agentKeyBudgetsSchema],
  tables: [agentKeysTable],
  schema: [agentKeySchema],
  create(kit) {
    const agentKeys = new AgentKeyRegistry(kit.writer, kit.clock);
    kit.machineAuth.useScopedKeys(agentKeys);
    let timer: ReturnType<typeof kit.clock.setRepeatingTimer> | undefined;
    return {
      services: { agentKeys },
      async hydrate() {
        const rows: Record<string, unknown>[] = await kit.knex('agent_keys').select('*');
        for (const row of rows) agentKeys.load(agentKeyFromRow(row));
        kit.logger.info('agent keys loaded', { keys: rows.length });
      },
      // Cluster mode: keys created or revoked through any instance authenticate (or not) on every one (docs/adr/0068).
      shared: [
        {
          table: agentKeysTable.name,
          apply: (row) => agentKeys.adopt(String(row['id']), agentKeyFromRow(row)),
          remove: (key) => agentKeys.adopt(String(key['id']), undefined),
        },
      ],
      start() {
        timer = kit.clock.setRepeatingTimer(AGENT_KEY_USE_FLUSH_MS, () => agentKeys.flushUses());
      },
      stop() {
        kit.clock.clearTimer(timer);
        agentKeys.flushUses();
      },
    };
  },
};
