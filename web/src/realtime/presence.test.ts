import { describe, expect, it } from 'vitest';
import { otherViewers, type EntityViewerView } from './presence';

const viewer = (userId: string, username: string, since: string): EntityViewerView => ({
  userId,
  username,
  since: `2026-11-26T06:${since}Z`,
  editing: false,
});

describe('otherViewers', () => {
  it('leaves out yourself', () => {
    expect(otherViewers([viewer('u1', 'alice', '00:00'), viewer('u2', 'bob', '00:01')], 'u1').map((v) => v.username)).toEqual(['bob']);
  });

  it('lists each person once though they watch from two tabs', () => {
    expect(otherViewers([viewer('u2', 'bob', '00:00'), viewer('u2', 'bob', '00:05')], 'u1').map((v) => v.username)).toEqual(['bob']);
  });

  it('orders people by when they started watching', () => {
    expect(otherViewers([viewer('u3', 'carol', '00:09'), viewer('u2', 'bob', '00:01')], 'u1').map((v) => v.username)).toEqual([
      'bob',
      'carol',
    ]);
  });
});
