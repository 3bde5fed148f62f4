import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Knex } from 'knex';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { DefinitionCatalog } from '../../../../src/plugins/sla/definitions/definitionCatalog.js';
import { DEFAULT_BURN_RATES, type SlaAssignment, type SlaDefinition } from '../../../../src/plugins/sla/definitions/slaDefinition.js';

/** Loaded state only: nothing here is staged, so the writer never reaches a database. */
function catalog(assignments: SlaAssignment[]): DefinitionCatalog {
  const c = new DefinitionCatalog(new BatchWriter({ knex: {} as Knex, logger: createMemoryLogger() }));
  const definition = (id: string, degradedCountsAsDown: boolean): SlaDefinition => ({
    id,
    name: id,
    description: null,
    targetPercent: 99.9,
    period: 'MONTH',
    degradedCountsAsDown,
    timeZone: null,
    burnRates: DEFAULT_BURN_RATES,
    raiseTicket: false,
    ticketCatalogItem: null,
    createdAt: 0,
    updatedAt: 0,
  });
  c.load([definition('d1', false), definition('d2', true)], [], assignments);
  return c;
}

const assign = (id: string, definitionId: string, serviceId: string | null, groupName: string | null): SlaAssignment => ({
  id,
  definitionId,
  serviceId,
  groupName,
  createdAt: 0,
});

describe('which definitions cover which services', () => {
  const c = catalog([
    assign('a1', 'd1', 's1', null),
    assign('a2', 'd1', null, 'payments'),
    assign('a3', 'd2', null, 'payments'),
    assign('a4', 'd2', 's9', null),
  ]);
  const members: Record<string, string[]> = { payments: ['s1', 's2'] };

  it('a service is covered by the definitions assigned to it and to its group, each once', () => {
    assert.deepEqual(
      c
        .coveringDefinitions('s1', 'payments')
        .map((d) => d.id)
        .sort(),
      ['d1', 'd2'],
    );
    assert.deepEqual(
      c
        .coveringDefinitions('s2', 'payments')
        .map((d) => d.id)
        .sort(),
      ['d1', 'd2'],
    );
    assert.deepEqual(
      c.coveringDefinitions('s9', null).map((d) => d.id),
      ['d2'],
    );
    assert.deepEqual(c.coveringDefinitions('s3', null), []);
  });

  it("a definition covers its assigned services and its groups' members, each once", () => {
    assert.deepEqual(
      c.coveredServiceIds('d1', (g) => members[g] ?? []),
      ['s1', 's2'],
    );
    assert.deepEqual(
      c.coveredServiceIds('d2', (g) => members[g] ?? []),
      ['s1', 's2', 's9'],
    );
  });
});

describe('rows another instance committed (cluster mode, docs/adr/0068)', () => {
  it('an adopted assignment covers its service, and covers it no more once adopted as deleted', () => {
    const c = catalog([]);
    c.adoptAssignment('a1', assign('a1', 'd1', 's1', null));
    assert.deepEqual(
      c.coveringDefinitions('s1', null).map((d) => d.id),
      ['d1'],
    );
    c.adoptAssignment('a1', undefined);
    assert.equal(c.covers('s1', null), false);
  });

  it('an assignment adopted again with another group moves in the index', () => {
    const c = catalog([assign('a1', 'd1', null, 'payments')]);
    c.adoptAssignment('a1', assign('a1', 'd1', null, 'search'));
    assert.equal(c.covers('x', 'payments'), false);
    assert.equal(c.covers('x', 'search'), true);
  });

  it('a definition adopted as deleted takes its targets and assignments with it, as the database cascades', () => {
    const c = catalog([assign('a1', 'd1', 's1', null)]);
    c.adoptTarget('t1', {
      id: 't1',
      definitionId: 'd1',
      scope: 'SERVICE',
      scopeValue: 's1',
      targetPercent: 99,
      createdAt: 0,
      updatedAt: 0,
    });
    c.adoptDefinition('d1', undefined);
    assert.equal(c.definition('d1'), undefined);
    assert.deepEqual(c.targetsOf('d1'), []);
    assert.equal(c.covers('s1', null), false);
  });
});
