import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveConnectionStore } from '../api/liveConnection';
import { LiveConnectionContext, useOnLiveRecovered } from '../api/useLiveConnection';
import { LiveBanner } from './LiveBanner';

function CatchUpCounter({ onCatchUp }: { onCatchUp: () => void }) {
  useOnLiveRecovered(onCatchUp);
  return null;
}

function setup() {
  const store = new LiveConnectionStore();
  let catchUps = 0;
  render(
    <LiveConnectionContext.Provider value={store}>
      <LiveBanner />
      <CatchUpCounter onCatchUp={() => catchUps++} />
    </LiveConnectionContext.Provider>,
  );
  return { store, catchUps: () => catchUps };
}

describe('live updates cut off', () => {
  it('shows no banner while connected or idle', () => {
    const { store } = setup();
    act(() => store.record({ type: 'connected' }));
    expect(screen.queryByTestId('live-banner')).toBeNull();
  });

  it('says so while reconnecting, and the screen catches up once when the connection is back', () => {
    const { store, catchUps } = setup();
    act(() => store.record({ type: 'connected' }));
    act(() => store.record({ type: 'closed', code: 1006 }));
    expect(screen.getByTestId('live-banner').textContent).toMatch(/reconnecting/);
    expect(catchUps()).toBe(0);
    act(() => store.record({ type: 'connected' }));
    expect(screen.queryByTestId('live-banner')).toBeNull();
    expect(catchUps()).toBe(1);
  });
});
