/**
 * Every GraphQL document the web console sends (a `gql` template in web/src, written without
 * interpolation) is valid against the schema the server serves: a renamed field or argument fails
 * here, not in front of an operator. Each is typed by the operation types generated for it
 * (`gql<NameQuery, NameQueryVariables>`, web/src/gql, `npm run web:codegen`): the names must be its own.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { parse, validate } from 'graphql';
import { productModules } from '../../../../src/plugins/productModules.js';
import { REPO_ROOT } from '../../../support/repoRoot.js';

const WEB_SRC = join(REPO_ROOT, 'web', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function documents(): { where: string; text: string; typeArguments: string | undefined }[] {
  return sourceFiles(WEB_SRC).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    return [...source.matchAll(/\bgql(?:<([^>]*)>)?`([^`]*)`/g)].map((match) => {
      const line = source.slice(0, match.index).split('\n').length;
      return { where: `${relative(WEB_SRC, file)}:${line}`, text: match[2]!, typeArguments: match[1] };
    });
  });
}

test('every GraphQL document of the web console validates against the served schema', () => {
  const schema = productModules().schema();
  const found = documents();
  assert.ok(found.length > 50, `found only ${found.length} documents: the scan no longer sees the console's gql templates`);
  const problems: string[] = [];
  for (const { where, text } of found) {
    assert.ok(!text.includes('${'), `${where}: a gql document is written whole (no interpolation), so it can be checked here`);
    try {
      for (const error of validate(schema, parse(text))) problems.push(`${where}: ${error.message}`);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every document of the web console is typed by the generated types of its own operation', () => {
  const problems: string[] = [];
  for (const { where, text, typeArguments } of documents()) {
    const operation = /\b(query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(text);
    if (!operation) {
      problems.push(`${where}: no named operation`);
      continue;
    }
    // graphql-codegen names the types after the operation, PascalCase (SLA -> Sla), with its kind.
    const kind = operation[1]!.charAt(0).toUpperCase() + operation[1]!.slice(1);
    const typeName = `${operation[2]!.replace(/[A-Z]+(?=[A-Z][a-z]|$)/g, (run) => run.charAt(0) + run.slice(1).toLowerCase())}${kind}`;
    const expected = `${typeName}, ${typeName}Variables`;
    if (typeArguments !== expected) problems.push(`${where}: gql<${typeArguments ?? ''}> should be gql<${expected}>`);
  }
  assert.deepEqual(problems, []);
});

test('operation names of the web console are unique (they name the requests in logs and tests)', () => {
  const names = new Map<string, string>();
  const clashes: string[] = [];
  for (const { where, text } of documents()) {
    for (const match of text.matchAll(/\b(?:query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/g)) {
      const earlier = names.get(match[1]!);
      if (earlier) clashes.push(`${match[1]} at ${where} and ${earlier}`);
      else names.set(match[1]!, where);
    }
  }
  assert.deepEqual(clashes, []);
});
