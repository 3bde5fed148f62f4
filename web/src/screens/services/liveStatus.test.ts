import { describe, expect, it } from 'vitest';
import { newestStatus } from './liveStatus';

const loaded = { status: 'OPERATIONAL' as const, message: 'ok', since: '2026-11-26T06:00:00Z' };

describe('newestStatus', () => {
  it('shows the loaded status while nothing arrived live', () => {
    expect(newestStatus(loaded, null)).toBe(loaded);
  });

  it('shows a change that arrived after the load', () => {
    expect(newestStatus(loaded, { status: 'DOWN', message: 'connection refused', changedAt: '2026-11-26T06:01:00Z' })).toEqual({
      status: 'DOWN',
      message: 'connection refused',
      since: '2026-11-26T06:01:00Z',
    });
  });

  it('keeps a reload that is newer than the last live change', () => {
    expect(newestStatus(loaded, { status: 'DOWN', message: null, changedAt: '2026-11-26T05:59:00Z' })).toBe(loaded);
  });
});
