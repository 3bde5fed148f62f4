// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The static checks of a module list: unique module names, migration ids, tables and commit orders,
 * and the rule that a declared item (a permission, a settings slice, a stream, a metric, a screen)
 * belongs to one module. Its own module because both the list (moduleList.ts, when it derives a
 * product-wide list) and the composer (composeModules.ts, before it creates anything) run them.
 */
import { runOrder } from '../persistence/migrate.js';
import { LAST_GLOBAL_VERSION, migrationId, type Migration } from '../persistence/migration.js';
import type { ProductModule } from './module.js';

export type AnyModule = ProductModule<any, any>;

/** Every module's `pick`, in list order; refuses a key two modules declare (`<what> <key> is declared by module a and by module b`). */
export function ownedOnce<T>(
  modules: readonly AnyModule[],
  pick: (module: AnyModule) => readonly T[] | undefined,
  keyOf: (item: T) => string,
  what: string,
): T[] {
  const owners = new Map<string, string>();
  const items: T[] = [];
  for (const module of modules) {
    for (const item of pick(module) ?? []) {
      const key = keyOf(item);
      const owner = owners.get(key);
      if (owner !== undefined) throw new Error(`${what} ${key} is declared by module ${owner} and by module ${module.name}`);
      owners.set(key, module.name);
      items.push(item);
    }
  }
  return items;
}

/**
 * Unique module names, migration ids, table names and commit orders; returns the migrations in run
 * order (migrate.ts). A migration of the product-wide sequence has a version unique across modules
 * and at most LAST_GLOBAL_VERSION; any later one is numbered in its own module's namespace.
 */
export function checkDeclarations(modules: readonly AnyModule[]): Migration[] {
  const names = new Set<string>();
  const versions = new Map<number, string>();
  const ids = new Set<string>();
  const tables = new Map<string, string>();
  const orders = new Map<number, string>();
  const migrations: Migration[] = [];
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`two modules are named ${module.name}`);
    names.add(module.name);
    for (const migration of module.migrations ?? []) {
      if (migration.namespace === undefined) {
        const owner = versions.get(migration.version);
        if (owner !== undefined)
          throw new Error(`migration version ${migration.version} is declared by module ${owner} and by module ${module.name}`);
        if (migration.version > LAST_GLOBAL_VERSION) {
          throw new Error(
            `migration ${migration.version} (${migration.name}) of module ${module.name} has no namespace: the product-wide sequence ended at ${LAST_GLOBAL_VERSION}; declare it with namespace: '${module.name}' and number it in that namespace`,
          );
        }
        versions.set(migration.version, module.name);
      } else {
        if (migration.namespace !== module.name)
          throw new Error(
            `migration ${migrationId(migration)} of module ${module.name} is in another module's namespace: a module's migrations are in its own (namespace: '${module.name}')`,
          );
        if (ids.has(migrationId(migration)))
          throw new Error(`migration ${migrationId(migration)} is declared twice by module ${module.name}`);
        ids.add(migrationId(migration));
      }
      migrations.push(migration);
    }
    for (const table of module.tables ?? []) {
      const owner = tables.get(table.name) ?? (table.order === undefined ? undefined : orders.get(table.order));
      if (owner !== undefined)
        throw new Error(
          `table ${table.name} (order ${table.order ?? 'derived'}) of module ${module.name} clashes with a table of module ${owner}: names and commit orders are unique`,
        );
      tables.set(table.name, module.name);
      if (table.order !== undefined) orders.set(table.order, module.name);
    }
  }
  return runOrder(migrations);
}
