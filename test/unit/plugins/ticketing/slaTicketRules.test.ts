/** What a ticket raised by an SLA outage says: impact from criticality, the raising definition, title, downtime. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_BURN_RATES, type SlaDefinition } from '../../../../src/plugins/sla/definitions/slaDefinition.js';
import {
  formatDowntime,
  impactOfCriticality,
  outageTitle,
  raisingDefinition,
} from '../../../../src/plugins/ticketing/slaLink/slaTicketRules.js';

const definition = (id: string, name: string, raiseTicket: boolean): SlaDefinition => ({
  id,
  name,
  description: null,
  targetPercent: 99.9,
  period: 'MONTH',
  degradedCountsAsDown: false,
  timeZone: null,
  burnRates: DEFAULT_BURN_RATES,
  raiseTicket,
  ticketCatalogItem: null,
  createdAt: 0,
  updatedAt: 0,
});

describe('SLA ticket rules', () => {
  const impacts: [string | null, string][] = [
    ['critical', 'CRITICAL'],
    [' Critical ', 'CRITICAL'],
    ['tier-0', 'CRITICAL'],
    ['high', 'HIGH'],
    ['medium', 'MEDIUM'],
    ['low', 'LOW'],
    ['minor', 'LOW'],
    [null, 'MEDIUM'],
    ['whatever', 'MEDIUM'],
    ['', 'MEDIUM'],
  ];
  for (const [criticality, impact] of impacts) {
    it(`criticality ${JSON.stringify(criticality)} gives impact ${impact}`, () => assert.equal(impactOfCriticality(criticality), impact));
  }

  it('the raising definition is the first by name among those asking for a ticket; none when none asks', () => {
    const all = new Map(
      [definition('a', 'Zinc', true), definition('b', 'Bronze', true), definition('c', 'Aaa', false)].map((d) => [d.id, d]),
    );
    assert.equal(raisingDefinition({ definitionIds: ['a', 'b', 'c'] }, (id) => all.get(id))?.name, 'Bronze');
    assert.equal(
      raisingDefinition({ definitionIds: ['c', 'gone'] }, (id) => all.get(id)),
      undefined,
    );
  });

  it('the title names the service and the SLA and fits 200 characters', () => {
    const service = { name: 'x'.repeat(300), displayName: null, nodePath: 'eu', criticality: null };
    const title = outageTitle(service, { severity: 'CRITICAL' }, { name: 'Gold' });
    assert.equal(title.length <= 200, true);
    assert.match(title, /… \(SLA "Gold"\)$/);
    assert.equal(
      outageTitle({ ...service, displayName: 'Checkout' }, { severity: 'MAJOR' }, { name: 'Gold' }),
      'Checkout is DEGRADED (SLA "Gold")',
    );
  });

  it('downtime reads in days, hours, minutes and seconds reached', () => {
    assert.equal(formatDowntime(0), '0 s');
    assert.equal(formatDowntime(10 * 60_000), '10 min');
    assert.equal(formatDowntime(26 * 3600_000 + 5_000), '1 d 2 h 5 s');
  });
});
