import { describe, expect, it } from 'vitest';
import { coveringDefinitions, type DefinitionCoverage } from './slaCoverage';

const definition = (name: string, assignments: DefinitionCoverage['assignments']): DefinitionCoverage => ({
  id: `id-${name}`,
  name,
  targetPercent: 99.9,
  period: 'MONTH',
  assignments,
});

describe('coveringDefinitions', () => {
  it('includes a definition assigned to the service', () => {
    const covering = coveringDefinitions([definition('gold', [{ service: { id: 's1' }, slaGroup: null }])], 's1', null);
    expect(covering).toEqual([{ id: 'id-gold', name: 'gold', period: 'MONTH', via: 'service' }]);
  });

  it("includes a definition assigned to the service's SLA group", () => {
    const covering = coveringDefinitions([definition('silver', [{ service: null, slaGroup: 'payments' }])], 's1', 'payments');
    expect(covering.map((c) => c.via)).toEqual(['group payments']);
  });

  it('leaves out definitions covering other services and groups', () => {
    const definitions = [
      definition('gold', [{ service: { id: 's2' }, slaGroup: null }]),
      definition('silver', [{ service: null, slaGroup: 'search' }]),
    ];
    expect(coveringDefinitions(definitions, 's1', 'payments')).toEqual([]);
  });

  it('lists the covering definitions by name', () => {
    const definitions = [
      definition('zeta', [{ service: { id: 's1' }, slaGroup: null }]),
      definition('alpha', [{ service: { id: 's1' }, slaGroup: null }]),
    ];
    expect(coveringDefinitions(definitions, 's1', null).map((c) => c.name)).toEqual(['alpha', 'zeta']);
  });
});
