import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextScheduledRun, owedReportDay, parseReportTime, scheduledRunOf } from '../../../../src/plugins/sla/report/reportSchedule.js';

const at = (iso: string): number => Date.parse(iso);
const SIX_AM = 6 * 60;

describe('daily report schedule', () => {
  it('reads HH:MM as minutes after midnight UTC', () => {
    assert.equal(parseReportTime('00:00'), 0);
    assert.equal(parseReportTime('06:30'), 390);
    assert.equal(parseReportTime('23:59'), 1439);
  });

  for (const text of ['24:00', '6:00', '06:60', '06:00:00', '', 'noon']) {
    it(`refuses ${JSON.stringify(text)} as a time of day`, () => {
      assert.equal(parseReportTime(text), undefined);
    });
  }

  it("puts a day's run at its time of day in UTC", () => {
    assert.equal(scheduledRunOf('2026-11-25', SIX_AM), at('2026-11-25T06:00:00Z'));
  });

  it("owes nothing before today's time", () => {
    assert.equal(owedReportDay(at('2026-11-25T05:59:59Z'), SIX_AM, '2026-11-24'), undefined);
  });

  it('owes today once its time has come and today has no scheduled report', () => {
    assert.equal(owedReportDay(at('2026-11-25T06:00:00Z'), SIX_AM, '2026-11-24'), '2026-11-25');
    assert.equal(owedReportDay(at('2026-11-25T06:00:00Z'), SIX_AM, undefined), '2026-11-25');
  });

  it("owes nothing once today's scheduled report is recorded", () => {
    assert.equal(owedReportDay(at('2026-11-25T18:00:00Z'), SIX_AM, '2026-11-25'), undefined);
  });

  it('owes only today after days without a run', () => {
    assert.equal(owedReportDay(at('2026-11-28T07:00:00Z'), SIX_AM, '2026-11-24'), '2026-11-28');
  });

  it("arms the next run today when today's time is still ahead, else tomorrow", () => {
    assert.equal(nextScheduledRun(at('2026-11-25T05:00:00Z'), SIX_AM), at('2026-11-25T06:00:00Z'));
    assert.equal(nextScheduledRun(at('2026-11-25T06:00:00Z'), SIX_AM), at('2026-11-26T06:00:00Z'));
    assert.equal(nextScheduledRun(at('2026-12-31T23:00:00Z'), SIX_AM), at('2027-01-01T06:00:00Z'));
  });
});
