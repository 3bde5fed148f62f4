/** An SLA definition for tests that build evaluations by hand: a daily 99 % target with the default burn rules. */
import { DEFAULT_BURN_RATES, type SlaDefinition } from '../../src/plugins/sla/definitions/slaDefinition.js';

export function dailyDefinition(overrides: Partial<SlaDefinition> = {}): SlaDefinition {
  return {
    id: 'd1',
    name: 'Gold',
    description: null,
    targetPercent: 99,
    period: 'DAY',
    degradedCountsAsDown: false,
    timeZone: null,
    burnRates: DEFAULT_BURN_RATES,
    raiseTicket: false,
    ticketCatalogItem: null,
    createdAt: 0,
    updatedAt: 0,
    ...overrides,
  };
}
