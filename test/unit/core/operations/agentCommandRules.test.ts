import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandAt, isDue, isOpen, type AgentCommand, type AgentCommandStatus } from '../../../../src/core/domain/agentCommand.js';
import { agentCommandWebhookSource } from '../../../../src/core/operations/agentCommandEvents.js';
import type { CatalogLookups } from '../../../../src/platform/events/webhookEventCatalog.js';

const DEADLINE = 1_000_000;
const command = (status: AgentCommandStatus): AgentCommand => ({
  id: 'c1',
  nodeId: 'eu/k8s-1',
  type: 'restart_workload',
  payload: { namespace: 'shop', kind: 'Deployment', name: 'web' },
  status,
  createdAt: 0,
  deliveredAt: status === 'queued' ? null : 10,
  expiresAt: DEADLINE,
  completedAt: isOpen(status) ? null : 20,
  result: null,
  requestedBy: 'u1',
  cancelledBy: null,
});

describe('agent command deadlines', () => {
  const table: Array<[AgentCommandStatus, number, AgentCommandStatus]> = [
    ['queued', DEADLINE - 1, 'queued'],
    ['queued', DEADLINE, 'expired'],
    ['delivered', DEADLINE - 1, 'delivered'],
    ['delivered', DEADLINE + 5_000, 'expired'],
    ['succeeded', DEADLINE + 5_000, 'succeeded'],
    ['failed', DEADLINE + 5_000, 'failed'],
    ['cancelled', DEADLINE + 5_000, 'cancelled'],
    ['expired', DEADLINE + 5_000, 'expired'],
  ];
  for (const [status, now, expected] of table) {
    it(`${status} at deadline${now - DEADLINE >= 0 ? '+' : ''}${now - DEADLINE} ms reads ${expected}`, () => {
      assert.equal(commandAt(command(status), now).status, expected);
    });
  }

  it('an expired command closes at its deadline, not when it was noticed', () => {
    const expired = commandAt(command('delivered'), DEADLINE + 60_000);
    assert.equal(expired.completedAt, DEADLINE);
    assert.equal(isDue(expired, DEADLINE + 60_000), false, 'closed commands are never due');
  });
});

describe('agent command webhook events', () => {
  const lookups: CatalogLookups = {
    service: () => undefined,
    user: (id) => (id === 'u1' ? { username: 'ops', email: null, displayName: null, role: 'operator', active: true } : undefined),
  };

  for (const status of ['delivered', 'succeeded', 'failed', 'expired', 'cancelled'] as const) {
    it(`a move to ${status} is agent.command_${status}`, () => {
      const event = {
        type: 'agent.command_updated' as const,
        command: command(status),
        previousStatus: 'queued' as const,
        at: 5,
        origin: 'agent' as const,
      };
      assert.equal(agentCommandWebhookSource.translate(event, lookups)?.name, `agent.command_${status}`);
    });
  }

  it('data is the command in GraphQL names, with the person who queued it', () => {
    const translated = agentCommandWebhookSource.translate(
      { type: 'agent.command_queued', command: command('queued'), at: 0, origin: 'api' },
      lookups,
    );
    assert.deepEqual(translated, {
      name: 'agent.command_queued',
      at: 0,
      data: {
        previousStatus: null,
        command: {
          id: 'c1',
          nodeId: 'eu/k8s-1',
          type: 'RESTART_WORKLOAD',
          status: 'QUEUED',
          workload: { namespace: 'shop', kind: 'DEPLOYMENT', name: 'web' },
          payload: { namespace: 'shop', kind: 'Deployment', name: 'web' },
          createdAt: new Date(0).toISOString(),
          deliveredAt: null,
          expiresAt: new Date(DEADLINE).toISOString(),
          completedAt: null,
          requestedBy: { id: 'u1', username: 'ops' },
          cancelledBy: null,
          result: null,
        },
      },
    });
  });
});
