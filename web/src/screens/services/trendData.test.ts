import { describe, expect, it } from 'vitest';
import { trendColumns, trendSummary } from './trendData';

const point = (minute: string, actualValue: number | null, targetValue?: number) => ({
  periodStart: `2026-11-26T05:${minute}:00.000Z`,
  actualValue,
  status: 'MET',
  ...(targetValue === undefined ? {} : { targetValue }),
});
const formatTime = (iso: string) => iso.slice(11, 16);

describe('trendColumns', () => {
  it('gives uPlot columns oldest first, x in epoch seconds', () => {
    const columns = trendColumns([point('05', 99), point('00', 100)]);
    expect(columns.x).toEqual([Date.parse('2026-11-26T05:00:00Z') / 1000, Date.parse('2026-11-26T05:05:00Z') / 1000]);
    expect(columns.actual).toEqual([100, 99]);
  });

  it('keeps unmeasured buckets as gaps', () => {
    expect(trendColumns([point('00', 100), point('05', null)]).actual).toEqual([100, null]);
  });

  it('carries the target line when the points have one', () => {
    expect(trendColumns([point('00', 100, 99.9), point('05', 98, 99.9)]).target).toEqual([99.9, 99.9]);
  });

  it('has no target line when the points have none', () => {
    expect(trendColumns([point('00', 100)]).target).toBeNull();
  });
});

describe('trendSummary', () => {
  it('names the latest and the lowest value and how often the target was missed', () => {
    const summary = trendSummary([point('00', 100, 99.9), point('05', 97.5, 99.9), point('10', 99.95, 99.9)], {
      what: '5-minute points',
      formatTime,
    });
    expect(summary).toBe(
      '5-minute points: 3 measured; latest 99.95 % (05:10); lowest 97.50 % (05:05); target 99.90 %, missed in 1 of them.',
    );
  });

  it('says when the target was never missed', () => {
    expect(trendSummary([point('00', 100, 99.9)], { what: '5-minute points', formatTime })).toMatch(/never missed/);
  });

  it('says there is nothing yet when no point was measured', () => {
    expect(trendSummary([point('00', null)], { what: 'days', formatTime })).toBe('Days: none measured yet.');
  });
});
