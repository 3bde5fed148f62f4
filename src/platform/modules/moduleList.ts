// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The product's module list and what is derived from it before anything runs: the migrations, the
 * permission table, the licence plugins, the settings slices, the commit orders, the streams, the
 * metrics, the screens and the schema. Its own module because the list is read without composing
 * (the configuration is loaded, the migrations run and tools read the schema before or without a
 * server); composeModules.ts turns it into a running product.
 */
import type { SettingsSlice } from '../config/settings.js';
import { commitOrder } from '../persistence/tableSpec.js';
import type { Migration } from '../persistence/migration.js';
import type { MetricDeclaration } from '../metrics/metricDeclaration.js';
import { composeSchema } from './composeSchema.js';
import { checkDeclarations, ownedOnce, type AnyModule } from './moduleDeclarations.js';
import type { ConsoleScreen, NamedStream, ModuleKit, ProductModule } from './module.js';
import { createPluginGateSlot } from './pluginGate.js';
import type { PluginName } from './pluginNames.js';

/**
 * The product's modules in start order. `with` type-checks the order: a module's `Needs` must be
 * among the services of the modules listed before it.
 */
export class ModuleList<Services extends object> {
  private constructor(readonly modules: readonly AnyModule[]) {}

  // biome-ignore lint/complexity/noBannedTypes: {} is the empty service set, the identity of the intersection `with` builds
  static start(): ModuleList<{}> {
    return new ModuleList([]);
  }

  with<Provides extends object>(module: ProductModule<Services, Provides>): ModuleList<Services & Provides> {
    return new ModuleList([...this.modules, module]);
  }

  /** Modules whose services the list does not type (test-only modules). */
  withAll(modules: readonly ProductModule<Services, any>[]): ModuleList<Services> {
    return new ModuleList([...this.modules, ...modules]);
  }

  /** Every module's migrations, in run order (the product-wide sequence, then each module's namespace in list order). */
  migrations(): Migration[] {
    return checkDeclarations(this.modules);
  }

  /** Every module's permissions (action, default roles), in list order; an action belongs to one module. */
  permissions(): Array<readonly [string, readonly string[]]> {
    return ownedOnce(
      this.modules,
      (m) => Object.entries(m.permissions ?? {}),
      ([action]) => action,
      'permission',
    );
  }

  /**
   * The licence plugins the modules are gated by (`plugin`), each once, in list order: the names a licence
   * must be able to grant (src/plugins/license/plugins.ts is checked against them).
   */
  plugins(): PluginName[] {
    return [...new Set(this.modules.flatMap((m) => (m.plugin === undefined ? [] : [m.plugin])))];
  }

  /** Every module's settings slices, in list order; a key belongs to one module. */
  settings(): SettingsSlice[] {
    return ownedOnce(
      this.modules,
      (m) => m.settings,
      (slice) => slice.key,
      'the settings slice',
    );
  }

  /**
   * Commit orders for the tables declared without one: after every table with an order, in module
   * order and then declaration order, so a new module allocates no number. A table's `references`
   * (its foreign keys' tables) must commit before it.
   */
  tableOrder(): Map<string, number> {
    checkDeclarations(this.modules);
    const declared = this.modules.flatMap((m) => (m.tables ?? []).map((table) => ({ module: m.name, table })));
    // A margin above the highest order: patches of a table (not declared) take its order plus one or two.
    let next = Math.floor(Math.max(0, ...declared.map(({ table }) => table.order ?? 0))) + 100;
    const derived = new Map<string, number>();
    for (const { table } of declared) if (table.order === undefined) derived.set(table.name, next++);
    for (const { module, table } of declared) {
      const order = commitOrder(table, derived);
      for (const parent of table.references ?? []) {
        const parentOrder = parent.order ?? derived.get(parent.name);
        if (parentOrder === undefined || parentOrder >= order) {
          throw new Error(
            `table ${table.name} of module ${module} references ${parent.name}, which ${parentOrder === undefined ? 'no module declares' : 'commits after it'}: list the referenced table first (or in a module before)`,
          );
        }
      }
    }
    return derived;
  }

  /** Every module's named streams, in list order; a field belongs to one module. */
  streams(): NamedStream<any>[] {
    return ownedOnce(
      this.modules,
      (m) => m.streams,
      (stream) => stream.field,
      'the stream',
    );
  }

  /** Every module's metric declarations, in list order, with the module declaring each; a name belongs to one module. */
  metrics(): Array<{ readonly module: string; readonly declaration: MetricDeclaration }> {
    return ownedOnce(
      this.modules,
      (m) => (m.metrics ?? []).map((declaration) => ({ module: m.name, declaration })),
      (entry) => entry.declaration.name,
      'the metric',
    );
  }

  /** Every module's console screens, in list order; a screen name belongs to one module, and what it needs is a declared action. */
  screens(): ConsoleScreen[] {
    const actions = new Set(this.permissions().map(([action]) => action));
    for (const module of this.modules) {
      for (const screen of module.screens ?? []) {
        if (!actions.has(screen.needs))
          throw new Error(
            `screen ${screen.name} of module ${module.name} needs ${screen.needs}, which no module declares in its permissions`,
          );
      }
    }
    return ownedOnce(
      this.modules,
      (m) => m.screens,
      (screen) => screen.name,
      'screen',
    );
  }

  /** The schema as served, for tools and tests that read or validate it without a server (gated fields cannot run). */
  schema(): ModuleKit['graphql']['schema'] {
    return composeSchema(this.modules, createPluginGateSlot());
  }
}

export type ServicesOf<L> = L extends ModuleList<infer S> ? S : never;
