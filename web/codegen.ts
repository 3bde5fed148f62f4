/**
 * `npm run web:codegen`: the console's result types, generated from the served schema
 * (docs/schema.graphql, `npm run docs:schema`) and the operation documents in web/src (urql `gql`
 * templates in each area's documents file) into web/src/gql/ with graphql-codegen's client preset.
 * The output is committed; `npm run typecheck` fails (`web:codegen:check`) while it is stale, and then
 * checks the console against it. Why the client preset: docs/adr/0051-console-generated-types.md.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'docs/schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**', '!web/src/**/*.test.{ts,tsx}'],
  generates: {
    'web/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      // DateTime travels as an ISO-8601 string; any other unknown scalar is an error, not `any`.
      config: { useTypeImports: true, scalars: { DateTime: 'string' }, strictScalars: true },
    },
  },
};
export default config;
