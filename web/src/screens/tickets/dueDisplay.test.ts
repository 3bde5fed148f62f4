import { describe, expect, it } from 'vitest';
import { dueDisplay, type DueTicket } from './dueDisplay';

const open: DueTicket = {
  statusCategory: 'IN_PROGRESS',
  minutesUntilDue: 300,
  slaPaused: false,
  responseBreached: false,
  resolutionBreached: false,
};

describe('due-date display', () => {
  it('names the response target while the ticket has had no response', () => {
    expect(dueDisplay({ ...open, respondedAt: null })).toEqual({ text: 'Response due in 5 h 00 min', tone: 'ok' });
  });

  it('names the resolution target once responded', () => {
    expect(dueDisplay({ ...open, respondedAt: '2026-11-26T05:00:00Z' }).text).toBe('Resolution due in 5 h 00 min');
  });

  it('warns within the last hour', () => {
    expect(dueDisplay({ ...open, minutesUntilDue: 45 })).toEqual({ text: 'Due in 45 min', tone: 'soon' });
  });

  it('says how long a target is overdue', () => {
    expect(dueDisplay({ ...open, minutesUntilDue: -90, respondedAt: null })).toEqual({
      text: 'Response overdue by 1 h 30 min',
      tone: 'overdue',
    });
  });

  it('shows paused clocks instead of a time that is not counting', () => {
    expect(dueDisplay({ ...open, slaPaused: true, minutesUntilDue: null })).toEqual({ text: 'SLA paused', tone: 'paused' });
  });

  it('shows a done ticket as done, and says when its SLA was breached', () => {
    expect(dueDisplay({ ...open, statusCategory: 'RESOLVED', minutesUntilDue: null }).text).toBe('Done');
    expect(dueDisplay({ ...open, statusCategory: 'CLOSED', minutesUntilDue: null, resolutionBreached: true })).toEqual({
      text: 'Done, SLA breached',
      tone: 'overdue',
    });
  });

  it('says no clock runs when there is no due time', () => {
    expect(dueDisplay({ ...open, minutesUntilDue: null }).tone).toBe('none');
  });
});
