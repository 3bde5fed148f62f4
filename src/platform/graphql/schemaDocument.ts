/**
 * The published schema document (docs/schema.graphql): the SDL of the schema as served, every
 * module's and every plugin's fields included (a plugin's fields exist whether it is licensed or
 * not; they answer PLUGIN_INACTIVE while it is off). Production turns introspection off, so this file
 * is where clients and people read the schema. `npm run docs:schema` writes it; a test fails when it
 * is out of date.
 */
import { printSchema, type GraphQLSchema } from 'graphql';

export const SCHEMA_DOCUMENT_PATH = 'docs/schema.graphql';

export function schemaDocument(schema: GraphQLSchema): string {
  return `# The GraphQL schema served at POST /graphql and /graphql/ws, with every plugin's fields.
# Generated from the served schema by \`npm run docs:schema\`; do not edit by hand.

${printSchema(schema)}
`;
}
