/**
 * The bounds and error shape of POST /graphql (issue 3; SPEC.md "GraphQL", "Errors", "Limits"):
 * query depth 15 (fragments followed), aliases, tokens and expanded selections; the 256 KiB body
 * cap; introspection off in production and on in development; transport errors answered 400 with
 * GraphQL-shaped `errors`; every error carrying `extensions.code` and no stack trace or source path.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { getIntrospectionQuery } from 'graphql';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, signInAdmin, type GqlResponse, type SignedIn } from '../../../support/graphql.js';
import { call, startTestServer, type TestResponse, type TestServer } from '../../../support/testServer.js';

const KiB = 1024;
/** 14 segments: the deepest node is 13 `parent` steps from its root. */
const DEEP_PATH = Array.from({ length: 14 }, (_, i) => `level-${i + 1}`).join('/');

/** `operationsNode { parent { ... { path } } }` selecting `depth` levels of fields. */
function nestedQuery(depth: number): string {
  const parents = depth - 2;
  return `{ operationsNode(id: "${DEEP_PATH}") { ${'parent { '.repeat(parents)}path${' }'.repeat(parents)} } }`;
}

/** The same nesting written as a chain of fragments, each adding one `parent` level. */
function fragmentQuery(depth: number): string {
  const count = depth - 1;
  const fragments = Array.from({ length: count }, (_, i) =>
    i === count - 1 ? `fragment F${i} on OperationsNode { path }` : `fragment F${i} on OperationsNode { parent { ...F${i + 1} } }`,
  );
  return `{ operationsNode(id: "${DEEP_PATH}") { ...F0 } }\n${fragments.join('\n')}`;
}

/** The root node reached by `depth - 2` parent steps from the deepest node. */
function rootOf(data: any): unknown {
  let node = data.operationsNode;
  while (node.parent !== undefined) node = node.parent;
  return node.path;
}

const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: serverVersion`).join(' ')} }`;

/** A JSON body of exactly `bytes` bytes whose query is padded with whitespace. */
function paddedBody(bytes: number): string {
  const base = JSON.stringify({ query: '{ serverVersion }' });
  const body = JSON.stringify({ query: `{ serverVersion ${' '.repeat(bytes - base.length)}}` });
  assert.equal(Buffer.byteLength(body), bytes);
  return body;
}

const post = (t: TestServer, body: string, token?: string) =>
  call(t.url, 'POST', '/graphql', body, { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });

/** No stack trace, `stacktrace` extension or source path anywhere in a response. */
function assertNoLeak(res: TestResponse): void {
  assert.doesNotMatch(res.text, /stack/i, res.text);
  assert.doesNotMatch(res.text, /\.(ts|js):\d+|\/src\/|node_modules|file:\/\//, res.text);
  assert.doesNotMatch(res.text, /\n\s+at /, res.text);
  for (const error of res.json?.errors ?? []) {
    for (const key of Object.keys(error)) assert.ok(['message', 'locations', 'path', 'extensions'].includes(key), `unexpected key ${key}`);
    assert.equal(typeof error.extensions?.code, 'string');
  }
}

for (const backend of testBackends()) {
  describe(`POST /graphql limits in production (${backend.name})`, () => {
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      assert.equal((await t.call('POST', '/api/v1/operator/register', { name: 'deep', nodeId: DEEP_PATH })).status, 201);
    });
    after(() => t.close());

    const ask = (query: string): Promise<GqlResponse> => gql(t, query, undefined, admin.accessToken);
    const assertRefused = (res: GqlResponse, message: RegExp) => {
      assert.equal(res.status, 400, res.text);
      assert.deepEqual(res.codes, ['BAD_USER_INPUT'], res.text);
      assert.match(res.errors![0].message, message);
      assert.equal(res.data, undefined);
    };

    describe('query depth', () => {
      it('a query 15 levels deep is executed', async () => {
        const res = await ask(nestedQuery(15));
        assert.equal(res.status, 200, res.text);
        assert.equal(res.errors, undefined, res.text);
        assert.equal(rootOf(res.data), 'level-1');
      });

      it('a query 16 levels deep is refused, naming the limit', async () => {
        assertRefused(await ask(nestedQuery(16)), /depth 16 exceeds the maximum of 15/);
      });

      it('a query 15 levels deep through fragments is executed', async () => {
        const res = await ask(fragmentQuery(15));
        assert.equal(res.errors, undefined, res.text);
        assert.equal(rootOf(res.data), 'level-1');
      });

      it('a query 16 levels deep through fragments is refused, naming the limit', async () => {
        assertRefused(await ask(fragmentQuery(16)), /depth 16 exceeds the maximum of 15/);
      });

      it('inline fragments add no depth of their own', async () => {
        const inline = nestedQuery(15).replace('parent { ', 'parent { ... on OperationsNode { ').replace('path }', 'path } }');
        const res = await ask(inline);
        assert.equal(res.errors, undefined, res.text);
      });
    });

    describe('aliases, tokens and selections', () => {
      it('30 aliases are accepted', async () => {
        const res = await ask(aliases(30));
        assert.equal(res.errors, undefined, res.text);
        assert.equal(res.data.a29, '4.2.0-test');
      });

      it('31 aliases are refused, naming the limit', async () => {
        assertRefused(await ask(aliases(31)), /31 aliases; at most 30/);
      });

      it('a document of more than 5000 tokens is refused, naming the limit', async () => {
        assertRefused(await ask(`{ ${'serverVersion '.repeat(5000)}}`), /more than 5000 tokens/);
      });

      /** 10 x 10 x 20 = 2000 selections through fragments, plus `extra` at the top. */
      const expanding = (extra: string) =>
        [
          `{ ...C ${extra} }`,
          `fragment A on Query { ${'serverVersion '.repeat(10)}}`,
          `fragment B on Query { ${'...A '.repeat(10)}}`,
          `fragment C on Query { ${'...B '.repeat(20)}}`,
        ].join('\n');

      it('2000 field selections after expanding fragments are accepted', async () => {
        const res = await ask(expanding(''));
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(res.data, { serverVersion: '4.2.0-test' });
      });

      it('2001 field selections after expanding fragments are refused, naming the limit', async () => {
        assertRefused(await ask(expanding('serverVersion')), /2001 fields after expanding fragments; at most 2000/);
      });

      it('a fragment bomb expanding to 10,000 selections is refused, naming the limit', async () => {
        const bomb = [
          '{ ...D }',
          `fragment A on Query { ${'serverVersion '.repeat(10)}}`,
          `fragment B on Query { ${'...A '.repeat(10)}}`,
          `fragment C on Query { ${'...B '.repeat(10)}}`,
          `fragment D on Query { ${'...C '.repeat(10)}}`,
        ].join('\n');
        assertRefused(await ask(bomb), /10000 fields after expanding fragments; at most 2000/);
      });
    });

    describe('cost of nested lists', () => {
      it('nested lists whose limits multiply to at most 200,000 fields are executed', async () => {
        // 1 + 199 x (children: 1 + 999 x id) = 199,001
        const res = await ask('{ operationsNodes(limit: 199) { children(limit: 999) { id } } }');
        assert.equal(res.status, 200, res.text);
        assert.equal(res.errors, undefined, res.text);
      });

      it('nested lists whose limits multiply past 200,000 fields are refused, naming the limit', async () => {
        // 1 + 200 x (1 + 999) = 200,001
        assertRefused(await ask('{ operationsNodes(limit: 200) { children(limit: 999) { id } } }'), /about 200001 fields .*at most 200000/);
      });

      it('a limit given as a variable counts as the largest page', async () => {
        const res = await gql(
          t,
          'query($l: Int) { operationsNodes(limit: $l) { children(limit: 200) { id } } }',
          { l: 1 },
          admin.accessToken,
        );
        assert.equal(res.status, 400);
        assert.match(res.errors![0].message, /about 201001 fields/);
      });
    });

    describe('body size', () => {
      it('a body of exactly 256 KiB is accepted', async () => {
        const res = await post(t, paddedBody(256 * KiB));
        assert.equal(res.status, 200, res.text.slice(0, 300));
        assert.deepEqual(res.json, { data: { serverVersion: '4.2.0-test' } });
      });

      it('a body of 256 KiB + 1 byte is answered 413, naming the limit', async () => {
        const res = await post(t, paddedBody(256 * KiB + 1));
        assert.equal(res.status, 413);
        assert.match(res.json.errors[0].message, /256 KiB/);
      });
    });

    describe('introspection', () => {
      for (const query of ['{ __schema { queryType { name } } }', '{ __type(name: "Service") { name } }']) {
        it(`is refused in production with BAD_USER_INPUT: ${query}`, async () => {
          const res = await ask(query);
          assert.equal(res.status, 400);
          assert.ok(res.codes.length > 0);
          for (const code of res.codes) assert.equal(code, 'BAD_USER_INPUT');
          assert.match(res.errors![0].message, /introspection/i);
          assert.equal(res.data, undefined);
        });
      }

      it('__typename is still answered in production', async () => {
        const res = await ask('{ __typename }');
        assert.deepEqual(res.json, { data: { __typename: 'Query' } });
      });
    });

    describe('transport errors', () => {
      it('an unknown field is answered 400 with BAD_USER_INPUT', async () => {
        const res = await ask('{ services { id noSuchField } }');
        assert.equal(res.status, 400);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
        assert.match(res.errors![0].message, /noSuchField/);
        assert.ok(Array.isArray(res.errors![0].locations));
      });

      it('a batched array body is answered 400 with errors[]', async () => {
        const res = await post(t, JSON.stringify([{ query: '{ serverVersion }' }, { query: '{ serverVersion }' }]), admin.accessToken);
        assert.equal(res.status, 400);
        assert.deepEqual(
          res.json.errors.map((e: any) => e.extensions.code),
          ['BAD_USER_INPUT'],
        );
        assert.match(res.json.errors[0].message, /JSON object/);
      });

      it('a body that is not JSON is answered 400 with errors[]', async () => {
        const res = await post(t, '{"query": "{ serverVersion }"', admin.accessToken);
        assert.equal(res.status, 400);
        assert.deepEqual(
          res.json.errors.map((e: any) => e.extensions.code),
          ['BAD_USER_INPUT'],
        );
        assert.match(res.json.errors[0].message, /not valid JSON/);
      });

      it('a body without a query is answered 400 with errors[]', async () => {
        const res = await post(t, JSON.stringify({ variables: {} }), admin.accessToken);
        assert.equal(res.status, 400);
        assert.match(res.json.errors[0].message, /"query"/);
      });

      it('a subscription sent over POST is answered 400', async () => {
        const res = await ask('subscription { serviceStatusChanged { id } }');
        assert.equal(res.status, 400);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
      });

      it('a document of several operations without operationName is answered 400', async () => {
        const res = await ask('query A { serverVersion } query B { serverVersion }');
        assert.equal(res.status, 400);
        assert.match(res.errors![0].message, /operationName/);
      });

      it('a missing required variable is answered 400 with BAD_USER_INPUT', async () => {
        const res = await ask('query($id: ID!) { service(id: $id) { id } }');
        assert.equal(res.status, 400);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
      });

      it('a token that is not valid is answered 401 with UNAUTHENTICATED', async () => {
        const res = await gql(t, '{ serverVersion }', undefined, 'not-a-token');
        assert.equal(res.status, 401);
        assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
        assert.match(res.headers.get('www-authenticate') ?? '', /Bearer/);
      });
    });

    describe('error codes and no leaks', () => {
      it('deleteService of an unknown id answers 200 with NOT_FOUND and data null', async () => {
        const res = await gql(t, 'mutation($id: ID!) { deleteService(id: $id) }', { id: randomUUID() }, admin.accessToken);
        assert.equal(res.status, 200);
        assert.deepEqual(res.codes, ['NOT_FOUND']);
        assert.deepEqual(res.errors![0].path, ['deleteService']);
        assert.equal(res.data, null);
      });

      it('an unexpected resolver failure is INTERNAL with a generic message and no detail of the cause', async () => {
        const knex = t.server.database.knex;
        await knex.raw('alter table status_intervals rename to status_intervals_hidden');
        try {
          const res = await ask('{ dashboardStats { totalServices } }');
          assert.equal(res.status, 200);
          assert.deepEqual(res.codes, ['INTERNAL']);
          assert.equal(res.errors![0].message, 'internal error; the server log has the details');
          assert.doesNotMatch(res.text, /status_intervals|relation|select/i);
          assertNoLeak(res);
          assert.ok(
            t.logs.some(
              (r) =>
                r['msg'] === 'unexpected error in a GraphQL resolver' ||
                JSON.stringify(r).includes('unexpected error in a GraphQL resolver'),
            ),
          );
        } finally {
          await knex.raw('alter table status_intervals_hidden rename to status_intervals');
        }
      });

      it('no error response of any kind carries a stack trace or a source path', async () => {
        const responses = [
          await ask(nestedQuery(16)),
          await ask(aliases(31)),
          await ask('{ services { id noSuchField } }'),
          await ask('{ __schema { queryType { name } } }'),
          await ask('{ services(limit: 5000) { id } }'),
          await ask('subscription { x }'),
          await ask('{ {'),
          await gql(t, '{ services { id } }'),
          await gql(t, '{ services { id } }', undefined, 'not-a-token'),
          await gql(t, 'mutation($id: ID!) { deleteService(id: $id) }', { id: randomUUID() }, admin.accessToken),
          await gql(t, 'mutation { createService(input: { name: "a/b", nodeId: "x" }) { id } }', undefined, admin.accessToken),
          await post(t, 'not json', admin.accessToken),
          await post(t, '[]', admin.accessToken),
        ];
        for (const res of responses) {
          assert.ok(res.status >= 200 && res.status < 500, `status ${res.status}`);
          assert.ok(Array.isArray(res.json.errors) && res.json.errors.length > 0, res.text);
          assertNoLeak(res);
        }
      });
    });
  });

  describe(`POST /graphql in development (${backend.name})`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { env: { ...BOOTSTRAP_ENV, SVC_ENV: 'development' } });
    });
    after(() => t.close());

    it('introspection is allowed with SVC_ENV=development', async () => {
      const res = await gql(t, '{ __schema { queryType { name } mutationType { name } } __type(name: "Service") { fields { name } } }');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.errors, undefined, res.text);
      assert.deepEqual(res.data.__schema, { queryType: { name: 'Query' }, mutationType: { name: 'Mutation' } });
      const fields = res.data.__type.fields.map((f: { name: string }) => f.name);
      for (const field of ['owner', 'team', 'metadata', 'dependencies', 'dependents', 'lastOperatorSync'])
        assert.ok(fields.includes(field), field);
    });

    it('the standard introspection query of graphql-js (playgrounds, code generators) fits the limits', async () => {
      for (const query of [
        getIntrospectionQuery(),
        getIntrospectionQuery({
          descriptions: true,
          specifiedByUrl: true,
          directiveIsRepeatable: true,
          schemaDescription: true,
          inputValueDeprecation: true,
        }),
      ]) {
        const res = await gql(t, query);
        assert.equal(res.status, 200, res.text.slice(0, 300));
        assert.equal(res.errors, undefined);
        assert.ok(res.data.__schema.types.some((type: { name: string }) => type.name === 'Service'));
      }
    });

    it('the depth limit holds in development too', async () => {
      const res = await gql(t, nestedQuery(16));
      assert.equal(res.status, 400);
      assert.match(res.errors![0].message, /maximum of 15/);
    });

    it('errors carry no stack trace in development either', async () => {
      const admin = await signInAdmin(t);
      const res = await gql(t, 'mutation($id: ID!) { deleteService(id: $id) }', { id: randomUUID() }, admin.accessToken);
      assert.deepEqual(res.codes, ['NOT_FOUND']);
      assertNoLeak(res);
    });
  });
}
