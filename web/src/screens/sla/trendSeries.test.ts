import { describe, expect, it } from 'vitest';
import { trendSeries } from './trendSeries';

const point = (day: string, actualValue: number | null) => ({
  periodKey: day,
  periodStart: `${day}T00:00:00.000Z`,
  actualValue,
  status: actualValue === null ? 'NO_DATA' : 'MET',
});

describe('trendSeries', () => {
  it('puts the periods on x in epoch seconds, with the attainment and the target as series', () => {
    const { data } = trendSeries([point('2026-11-01', 99.5), point('2026-11-02', 100)], 99.9);
    expect(data).toEqual([
      [Date.parse('2026-11-01') / 1000, Date.parse('2026-11-02') / 1000],
      [99.5, 100],
      [99.9, 99.9],
    ]);
  });
  it('leaves a period without covered time as a gap, not a zero', () => {
    expect(trendSeries([point('2026-11-01', null)], 99).data[1]).toEqual([null]);
  });
  it('ranges y from a little below the lowest value or the target up to 100', () => {
    const { range } = trendSeries([point('2026-11-01', 98), point('2026-11-02', 99.99)], 99.9);
    expect(range[1]).toBe(100);
    expect(range[0]).toBeCloseTo(97.8, 6);
  });
  it('keeps a visible range when everything is at 100 %', () => {
    const { range } = trendSeries([point('2026-11-01', 100)], 100);
    expect(range[0]).toBeLessThan(100);
  });
  it('draws no target line without a target, ranging from the values alone', () => {
    const { data, range } = trendSeries([point('2026-11-01', 99)], null);
    expect(data[2]).toEqual([null]);
    expect(range[0]).toBeCloseTo(98.9, 6);
  });
});
