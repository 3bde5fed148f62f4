import { expect, test } from 'vitest';
import type { StatusChangeData } from './documents';
import { receive, unseen } from './useStatusStream';

const event = (serviceId: string, nodeId: string | null = 'eu'): StatusChangeData => ({
  serviceStatusChanged: {
    serviceId,
    previousStatus: 'OPERATIONAL',
    status: 'DOWN',
    message: null,
    changedAt: '2026-11-26T06:00:00Z',
    service: nodeId ? { id: serviceId, nodeId } : null,
  },
});

test('events are numbered as they arrive and only those after the last seen are handed on', () => {
  const received = [event('a'), event('b'), event('c')].reduce(receive, undefined as ReturnType<typeof receive> | undefined)!;
  expect(received.seq).toBe(3);
  expect(unseen(received, 1)).toEqual({
    changes: [expect.objectContaining({ serviceId: 'b' }), expect.objectContaining({ serviceId: 'c' })],
    gap: false,
  });
});

test('a deleted service’s change arrives without a node', () => {
  expect(receive(undefined, event('a', null)).events[0]!.change.nodeId).toBeNull();
});

test('more events between two renders than the window holds is reported as a gap', () => {
  let received: ReturnType<typeof receive> | undefined;
  for (let i = 0; i < 2500; i++) received = receive(received, event(`s${i}`));
  const { changes, gap } = unseen(received!, 0);
  expect(gap).toBe(true);
  expect(changes).toHaveLength(2000);
});
