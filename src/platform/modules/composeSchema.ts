// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The product's GraphQL schema from the modules' `SchemaModule`s, with the licence gate and the mutation
 * interceptors applied. Its own module because the composer serves it and the list (moduleList.ts)
 * builds the same schema for tools and tests that read it without a server.
 */
import type { SchemaModule } from '../graphql/module.js';
import { buildSchema, rootSchema } from '../graphql/schema.js';
import type { AnyModule } from './moduleDeclarations.js';
import type { ModuleKit, MutationField, Resolver } from './module.js';
import { gateSchemaModule, type PluginGate } from './pluginGate.js';

/**
 * The executable schema of `modules`: each gated module's fields check the gate first, then every
 * module's mutation interceptors wrap every mutation (the outermost is the first module's).
 */
export function composeSchema(modules: readonly AnyModule[], gate: PluginGate): ModuleKit['graphql']['schema'] {
  const interceptors = modules.flatMap((m) => (m.intercept?.mutation ? [m.intercept.mutation.bind(m.intercept)] : []));
  const schemaModules: SchemaModule<any>[] = [
    rootSchema,
    ...modules.flatMap((m) => (m.schema ?? []).map((s) => (m.plugin ? gateSchemaModule(s, m.plugin, gate) : s))),
  ];
  return buildSchema(schemaModules.map((s) => intercepted(s, interceptors)));
}

function intercepted(
  module: SchemaModule<any>,
  interceptors: readonly ((field: MutationField, resolve: Resolver<any>) => Resolver<any>)[],
): SchemaModule<any> {
  const mutations = module.resolvers['Mutation'] as Record<string, Resolver<any>> | undefined;
  if (!mutations || interceptors.length === 0) return module;
  const ephemeral = new Set(module.ephemeralMutations ?? []);
  const wrapped: Record<string, Resolver<any>> = {};
  for (const [name, resolve] of Object.entries(mutations)) {
    const field = { name, ephemeral: ephemeral.has(name) };
    wrapped[name] = interceptors.reduceRight((inner, intercept) => intercept(field, inner), resolve);
  }
  return { ...module, resolvers: { ...module.resolvers, Mutation: wrapped } };
}
