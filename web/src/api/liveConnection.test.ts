import { describe, expect, it } from 'vitest';
import { INITIAL_LIVE_CONNECTION, nextLiveConnection, type LiveConnection, type SocketEvent } from './liveConnection';

const run = (events: SocketEvent[], from: LiveConnection = INITIAL_LIVE_CONNECTION) => events.reduce(nextLiveConnection, from);

describe('live connection state', () => {
  it('connects without counting a recovery', () => {
    expect(run([{ type: 'connecting' }, { type: 'connected' }])).toEqual({ state: 'connected', recoveries: 0 });
  });

  it('a normal close after the last subscription is idle, not a loss', () => {
    expect(run([{ type: 'connecting' }, { type: 'connected' }, { type: 'closed', code: 1000 }])).toEqual({ state: 'idle', recoveries: 0 });
  });

  it('a lost connection is reconnecting through every retry, and one recovery when it is back', () => {
    const lost = run([{ type: 'connecting' }, { type: 'connected' }, { type: 'closed', code: 1006 }]);
    expect(lost.state).toBe('reconnecting');
    const retrying = run([{ type: 'connecting' }, { type: 'closed', code: 1006 }, { type: 'connecting' }], lost);
    expect(retrying.state).toBe('reconnecting');
    expect(run([{ type: 'connected' }], retrying)).toEqual({ state: 'connected', recoveries: 1 });
  });

  it('a first connection that fails is reconnecting too (live updates are not there)', () => {
    expect(run([{ type: 'connecting' }, { type: 'closed', code: 1006 }]).state).toBe('reconnecting');
  });
});
