import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { createQueryLimitsRule, DEFAULT_QUERY_LIMITS } from '../../../../src/platform/graphql/queryLimits.js';

const schema = buildSchema(`
  type Node { id: ID!, name: String, child: Node, children: [Node!]! }
  type Query { node(id: ID): Node, ping: String, list(limit: Int = 100): [Node!]! }
`);
const errorsOf = (source: string, limits = DEFAULT_QUERY_LIMITS) =>
  validate(schema, parse(source), [...specifiedRules, createQueryLimitsRule(limits)]).map((e) => e.message);

/** `{ node { child { child ... { id } } } }` with `depth` levels of fields. */
const nested = (depth: number) => `{ node ${'{ child '.repeat(depth - 2)}{ id }${' }'.repeat(depth - 2)} }`;

describe('GraphQL query limits', () => {
  it('a query of depth 15 passes', () => {
    assert.deepEqual(errorsOf(nested(15)), []);
  });

  it('a query of depth 16 is refused, naming the limit', () => {
    assert.deepEqual(errorsOf(nested(16)), ['query depth 16 exceeds the maximum of 15']);
  });

  it('depth is followed through fragment spreads', () => {
    // node (1) + two children in A (3) + eleven children and id in B (15): depth 15; one more child is 16.
    const withB = (children: number) => `
      query { node { ...A } }
      fragment A on Node { child { child { ...B } } }
      fragment B on Node { ${'child { '.repeat(children)}id${' }'.repeat(children)} }
    `;
    assert.deepEqual(errorsOf(withB(11)), []);
    assert.deepEqual(errorsOf(withB(12)), ['query depth 16 exceeds the maximum of 15']);
  });

  it('inline fragments add no depth', () => {
    assert.deepEqual(errorsOf(`{ node { ... on Node { ... on Node { id } } } }`), []);
  });

  it('more than 30 aliases are refused (batched work under other names)', () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: ping`).join(' ');
    assert.deepEqual(errorsOf(`{ ${aliases} }`), ['query uses 31 aliases; at most 30 are allowed']);
    assert.deepEqual(errorsOf(`{ ${Array.from({ length: 30 }, (_, i) => `a${i}: ping`).join(' ')} }`), []);
  });

  it('a fragment bomb is measured without expanding it and refused', () => {
    const levels = 30;
    let source = `query { node { ...F0 } } fragment F${levels} on Node { id }`;
    for (let i = 0; i < levels; i += 1) source += ` fragment F${i} on Node { child { ...F${i + 1} } children { ...F${i + 1} } }`;
    const started = performance.now();
    const errors = errorsOf(source, { ...DEFAULT_QUERY_LIMITS, maxDepth: 100 });
    assert.ok(performance.now() - started < 1000, 'measuring is linear in the document');
    assert.ok(
      errors.some((m) => /^query selects \d+ fields after expanding fragments; at most 2000 are allowed$/.test(m)),
      errors.join('; '),
    );
  });

  it('lists multiply the estimated cost by their limit, and a query over the cost bound is refused', () => {
    const costly = `{ list(limit: 1000) { children { children { children { id } } } } }`;
    const errors = errorsOf(costly);
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /^query would resolve about \d+ fields .* at most 200000 are allowed/);
    assert.deepEqual(errorsOf(`{ list(limit: 100) { children { children { id } } } }`), []);
  });

  it('a list limit given in a variable is costed as the largest page', () => {
    assert.equal(errorsOf(`query($n: Int) { list(limit: $n) { children { children { children { id } } } } }`).length, 1);
    assert.deepEqual(errorsOf(`query($n: Int) { list(limit: $n) { id name } }`), []);
  });

  it("a fragment cycle is left to graphql's own rule and does not hang", () => {
    const errors = errorsOf(`query { node { ...A } } fragment A on Node { child { ...B } } fragment B on Node { child { ...A } }`);
    assert.ok(errors.some((m) => /Cannot spread fragment "A" within itself/.test(m)));
  });

  it('the parser refuses a document over the token limit', () => {
    const source = `{ ${'ping '.repeat(DEFAULT_QUERY_LIMITS.maxTokens)} }`;
    assert.throws(() => parse(source, { maxTokens: DEFAULT_QUERY_LIMITS.maxTokens }), /tokens/);
  });
});
