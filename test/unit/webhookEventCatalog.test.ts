import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceStatus } from '../../src/domain/service.js';
import { createWebhookEventCatalog, type CatalogLookups, type WebhookEventSource } from '../../src/webhooks/eventCatalog.js';

const lookups: CatalogLookups = { user: () => undefined, service: () => undefined };
const service = { id: 's1', name: 'db', path: 'eu/db' };
const moved = (previousStatus: ServiceStatus, status: ServiceStatus) =>
  createWebhookEventCatalog().translate({ type: 'service.status_changed', service, previousStatus, status, message: 'm', at: 0, origin: 'agent' }, lookups)?.name ?? null;

describe('webhook event catalog', () => {
  it('lists the events this version delivers', () => {
    assert.deepEqual(createWebhookEventCatalog().names(), [
      'service.down', 'service.up', 'service.degraded', 'backup.success', 'backup.failed', 'user.created', 'user.updated', 'notification.created',
    ]);
  });

  const table: Array<[ServiceStatus, ServiceStatus, string | null]> = [
    ['OPERATIONAL', 'DOWN', 'service.down'],
    ['DEGRADED', 'DOWN', 'service.down'],
    ['UNKNOWN', 'DOWN', 'service.down'],
    ['OPERATIONAL', 'DEGRADED', 'service.degraded'],
    ['DOWN', 'DEGRADED', 'service.degraded'],
    ['DOWN', 'OPERATIONAL', 'service.up'],
    ['DEGRADED', 'OPERATIONAL', 'service.up'],
    ['UNKNOWN', 'OPERATIONAL', null],
    ['MAINTENANCE', 'OPERATIONAL', null],
    ['DOWN', 'MAINTENANCE', null],
    ['OPERATIONAL', 'UNKNOWN', null],
  ];
  for (const [from, to, expected] of table) {
    it(`${from} -> ${to}: ${expected ?? 'nothing'}`, () => assert.equal(moved(from, to), expected));
  }

  it('a plugin adds its family to the same table', () => {
    const catalog = createWebhookEventCatalog();
    const ticketing: WebhookEventSource<any> = { family: 'ticket', domainTypes: ['license.updated'], names: ['ticket.created'], translate: () => ({ name: 'ticket.created', data: {}, at: 0 }) };
    catalog.register(ticketing);
    assert.ok(catalog.isKnown('ticket.created'));
    assert.deepEqual(catalog.namesFor('license.updated'), ['ticket.created']);
    assert.throws(() => catalog.register(ticketing), /registered twice/);
  });
});
