/**
 * `npm run docs:schema`: writes docs/schema.graphql from the schema the server serves (every module,
 * every plugin). Run it after changing any module's typeDefs; test/unit/platform/graphql/schemaDocument.test.ts fails
 * until the file is current.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { productModules } from '../src/plugins/productModules.js';
import { SCHEMA_DOCUMENT_PATH, schemaDocument } from '../src/platform/graphql/schemaDocument.js';

const target = join(import.meta.dirname, '..', SCHEMA_DOCUMENT_PATH);
writeFileSync(target, schemaDocument(productModules().schema()));
console.log(`wrote ${SCHEMA_DOCUMENT_PATH}`);
