/**
 * docs/schema.graphql is the schema as served (issue 27, item E): production has introspection off,
 * so the published SDL is how clients read the schema, and it must not drift. When this fails, run
 * `npm run docs:schema` and commit the file.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildSchema } from 'graphql';
import { productModules } from '../../../../src/plugins/productModules.js';
import { SCHEMA_DOCUMENT_PATH, schemaDocument } from '../../../../src/platform/graphql/schemaDocument.js';
import { REPO_ROOT } from '../../../support/repoRoot.js';

const published = () => readFileSync(join(REPO_ROOT, SCHEMA_DOCUMENT_PATH), 'utf8');

test(`${SCHEMA_DOCUMENT_PATH} is the served schema (run npm run docs:schema when this fails)`, () => {
  assert.ok(
    published() === schemaDocument(productModules().schema()),
    `${SCHEMA_DOCUMENT_PATH} is out of date: run npm run docs:schema and commit it`,
  );
});

test(`${SCHEMA_DOCUMENT_PATH} holds every plugin's fields and parses as SDL`, () => {
  const schema = buildSchema(published());
  const queries = Object.keys(schema.getQueryType()!.getFields());
  for (const field of ['services', 'tickets', 'slaDefinitions', 'auditEvents'])
    assert.ok(queries.includes(field), `${field} is in the document`);
});
