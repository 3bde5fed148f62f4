import { describe, expect, it } from 'vitest';
import {
  budgetLeftPercent,
  coverageText,
  formatAttainment,
  formatBurnRate,
  formatTarget,
  incidentMinutes,
  notJudgedCount,
  slaStatusLabel,
} from './slaFigures';

describe('formatAttainment', () => {
  it('shows three decimals with a percent sign', () => {
    expect(formatAttainment(99.95312)).toBe('99.953 %');
  });
  it('cuts instead of rounding up, so a miss below 100 % never reads as 100', () => {
    expect(formatAttainment(99.99996)).toBe('99.999 %');
  });
  it('keeps a value stored just below its decimal (99.95 as 99.9499999…) at that decimal', () => {
    expect(formatAttainment(99.94999999999)).toBe('99.950 %');
  });
  it('writes full attainment as 100 %', () => {
    expect(formatAttainment(100)).toBe('100 %');
  });
  it('says No data for a period without covered time', () => {
    expect(formatAttainment(null)).toBe('No data');
  });
});

describe('the other figures', () => {
  it('a target drops trailing zeros', () => {
    expect([formatTarget(99.9), formatTarget(99.95), formatTarget(100)]).toEqual(['99.9 %', '99.95 %', '100 %']);
  });
  it('statuses read as words', () => {
    expect(['MET', 'AT_RISK', 'BREACHED', 'NO_DATA'].map(slaStatusLabel)).toEqual(['Met', 'At risk', 'Breached', 'No data']);
  });
  it('the covered services without a verdict (no data or insufficient data) are counted beside the verdicts', () => {
    expect(notJudgedCount({ servicesWithSla: 5, metCount: 0, atRiskCount: 1, breachedCount: 0 })).toBe(4);
    expect(notJudgedCount({ servicesWithSla: 0, metCount: 0, atRiskCount: 0, breachedCount: 0 })).toBe(0);
  });
  it('the budget left is a share of the budget, held between 0 and 100', () => {
    expect([budgetLeftPercent(40, 10), budgetLeftPercent(40, -5), budgetLeftPercent(0, 0)]).toEqual([25, 0, null]);
  });
  it('an unbounded burn rate (100 % target with downtime) reads as infinite', () => {
    expect([formatBurnRate(1.84), formatBurnRate(14.4), formatBurnRate(null)]).toEqual(['1.8×', '14×', '∞']);
  });
});

describe('definitions and incidents in words', () => {
  it('says what a definition covers, by kind', () => {
    expect(
      coverageText([
        { slaGroup: 'vault', service: null },
        { slaGroup: null, service: { id: 's' } },
        { slaGroup: 'pay', service: null },
      ]),
    ).toBe('2 groups, 1 service');
    expect(coverageText([])).toBe('Nothing yet');
  });
  it('measures an open incident up to now and a closed one up to its end', () => {
    const now = Date.parse('2026-11-25T10:30:00Z');
    expect(incidentMinutes({ startedAt: '2026-11-25T10:00:00Z', endedAt: null }, now)).toBe(30);
    expect(incidentMinutes({ startedAt: '2026-11-25T10:00:00Z', endedAt: '2026-11-25T10:05:00Z' }, now)).toBe(5);
  });
});
