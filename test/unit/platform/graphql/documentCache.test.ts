import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { productModules } from '../../../../src/plugins/productModules.js';
import { DocumentCache, operationOf } from '../../../../src/platform/graphql/documentCache.js';

const schema = productModules().schema();

describe('GraphQL document cache', () => {
  it('prepares a document once and serves the same prepared value again', () => {
    const cache = new DocumentCache({ schema, introspection: false });
    const first = cache.prepare('{ serverVersion }');
    assert.equal(first.ok, true);
    assert.equal(cache.prepare('{ serverVersion }'), first);
  });

  it('caches a document that does not validate together with its errors', () => {
    const cache = new DocumentCache({ schema, introspection: false });
    const bad = cache.prepare('{ noSuchField }');
    assert.equal(bad.ok, false);
    assert.equal(cache.prepare('{ noSuchField }'), bad);
  });

  it('refuses introspection when it is off and allows it when it is on', () => {
    const query = '{ __schema { queryType { name } } }';
    assert.equal(new DocumentCache({ schema, introspection: false }).prepare(query).ok, false);
    assert.equal(new DocumentCache({ schema, introspection: true }).prepare(query).ok, true);
  });

  it('refuses a document over the token limit before validating it', () => {
    const cache = new DocumentCache({
      schema,
      introspection: false,
      limits: { maxDepth: 15, maxAliases: 30, maxSelections: 2000, maxTokens: 10 },
    });
    const prepared = cache.prepare(`{ ${'serverVersion '.repeat(20)}}`);
    assert.equal(prepared.ok, false);
    assert.match(prepared.ok ? '' : prepared.errors[0]!.message, /more than 10 tokens, the limit/);
  });

  it('keeps at most maxEntries documents, evicting the least recently used', () => {
    const cache = new DocumentCache({ schema, introspection: false, maxEntries: 2 });
    const a = cache.prepare('{ a: serverVersion }');
    cache.prepare('{ b: serverVersion }');
    cache.prepare('{ a: serverVersion }');
    cache.prepare('{ c: serverVersion }');
    assert.equal(cache.prepare('{ a: serverVersion }'), a, 'recently used a survives');
  });

  it('picks the operation by name, or the only one, and explains otherwise', () => {
    const cache = new DocumentCache({ schema, introspection: false });
    const prepared = cache.prepare('query A { serverVersion } query B { serverVersion }');
    assert.ok(prepared.ok);
    assert.equal(typeof operationOf(prepared.document, 'B'), 'object');
    assert.match(operationOf(prepared.document, null) as string, /operationName/);
    assert.match(operationOf(prepared.document, 'C') as string, /no operation named C/);
  });

  it('compiles an operation once and reuses the compiled executor', () => {
    const cache = new DocumentCache({ schema, introspection: false });
    const prepared = cache.prepare('{ serverVersion }');
    assert.ok(prepared.ok);
    assert.equal(cache.compiled(prepared, null), cache.compiled(prepared, null));
  });
});
