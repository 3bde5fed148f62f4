import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileFilters, parseFiltersText } from '../../../../src/plugins/webhooks/filters.js';

const data = {
  service: { id: 'id-1', name: 'payments-db', path: 'eu/prod/k8s-1/payments/payments-db' },
  previousStatus: 'OPERATIONAL',
  status: 'DOWN',
  message: null,
  sizeBytes: 1024,
  tags: ['a', 'b'],
};

const matches = (filters: string) => {
  const parsed = parseFiltersText(filters);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.problem);
  return compileFilters(parsed.value)(data);
};

describe('webhook filters', () => {
  const cases: Array<[string, boolean]> = [
    ['{}', true],
    ['{"status": "DOWN"}', true],
    ['{"status": "down"}', false],
    ['{"status": ["DOWN", "DEGRADED"]}', true],
    ['{"status": ["DEGRADED", "OPERATIONAL"]}', false],
    ['{"service.path": "eu/prod/*"}', true],
    ['{"service.path": "eu/*/payments/*"}', true],
    ['{"service.path": "us/*"}', false],
    ['{"service.name": "payments-*", "previousStatus": "OPERATIONAL"}', true],
    ['{"service.name": "payments-*", "previousStatus": "DEGRADED"}', false],
    ['{"service.name": "*"}', true],
    ['{"service.name": "payments.db"}', false],
    ['{"sizeBytes": 1024}', true],
    ['{"sizeBytes": "1024"}', false],
    ['{"message": null}', true],
    ['{"nothing.here": null}', true],
    ['{"nothing.here": "x"}', false],
    ['{"tags.1": "b"}', true],
    ['{"service": "payments-db"}', false],
  ];
  for (const [filters, expected] of cases) {
    it(`${filters} ${expected ? 'matches' : 'does not match'}`, () => assert.equal(matches(filters), expected));
  }

  it('regular-expression characters in a glob are literal', () => {
    const parsed = parseFiltersText('{"service.name": "pay(ments|x)-*"}');
    assert.ok(parsed.ok);
    assert.equal(compileFilters(parsed.value)({ service: { name: 'pay(ments|x)-db' } }), true);
    assert.equal(compileFilters(parsed.value)({ service: { name: 'payments-db' } }), false);
  });

  it('paths reach own properties only', () => {
    const parsed = parseFiltersText('{"service.toString": "*"}');
    assert.ok(parsed.ok);
    assert.equal(compileFilters(parsed.value)(data), false, 'an inherited method is not a value');
  });

  const invalid: Array<[string, RegExp]> = [
    ['[1]', /must be a JSON object/],
    ['"status"', /must be a JSON object/],
    ['{bad json', /not valid JSON/],
    ['{"__proto__.x": 1}', /__proto__/],
    ['{"service.constructor": 1}', /constructor/],
    ['{"a..b": 1}', /segment/],
    ['{"a b": 1}', /segment/],
    ['{"status": {"$ne": "DOWN"}}', /string, number, boolean, null or a list/],
    ['{"status": []}', /empty list/],
    ['{"status": [["DOWN"]]}', /string, number, boolean, null or a list/],
    [JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 1]))), /more than 20 paths/],
    [JSON.stringify({ status: 'x'.repeat(300) }), /longer than 256/],
    ['{"a.b.c.d.e.f.g.h.i": 1}', /more than 8 segments/],
  ];
  for (const [filters, problem] of invalid) {
    it(`refuses ${filters.slice(0, 60)}`, () => {
      const parsed = parseFiltersText(filters);
      assert.equal(parsed.ok, false);
      assert.match((parsed as { problem: string }).problem, problem);
    });
  }
});
