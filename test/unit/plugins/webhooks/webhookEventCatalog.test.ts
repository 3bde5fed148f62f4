import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceStatus } from '../../../../src/core/domain/service.js';
import { productModules } from '../../../../src/plugins/productModules.js';
import {
  createWebhookEventCatalog,
  type CatalogLookups,
  type WebhookEventSource,
} from '../../../../src/platform/events/webhookEventCatalog.js';

/** The catalog as the product composes it: every module's sources, in module order. */
const productCatalog = () => createWebhookEventCatalog(productModules().modules.flatMap((m) => m.webhookEvents ?? []));

const lookups: CatalogLookups = { user: () => undefined, service: () => undefined };
const service = { id: 's1', name: 'db', path: 'eu/db' };
const moved = (previousStatus: ServiceStatus, status: ServiceStatus) =>
  productCatalog().translate(
    { type: 'service.status_changed', service, previousStatus, status, message: 'm', at: 0, origin: 'agent' },
    lookups,
  )?.name ?? null;

describe('webhook event catalog', () => {
  it('lists the events this version delivers', () => {
    assert.deepEqual(productCatalog().names(), [
      'service.down',
      'service.up',
      'service.degraded',
      'backup.success',
      'backup.failed',
      'user.created',
      'user.updated',
      'notification.created',
      'agent.command_queued',
      'agent.command_delivered',
      'agent.command_succeeded',
      'agent.command_failed',
      'agent.command_expired',
      'agent.command_cancelled',
      'sla.daily_report',
      'sla.breached',
      'sla.at_risk',
      'sla.met',
      'workflow.started',
      'workflow.completed',
      'workflow.failed',
      'workflow.step_completed',
      'ticket.created',
      'ticket.updated',
      'ticket.status_changed',
      'ticket.assigned',
      'ticket.resolved',
      'ticket.closed',
      'ticket.deleted',
      'ticket.commented',
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
    const catalog = productCatalog();
    // ticket.* is the ticketing plugin's own now: an imaginary family stands in.
    const plugin: WebhookEventSource<any> = {
      family: 'example',
      domainTypes: ['license.updated'],
      names: ['example.happened'],
      translate: () => ({ name: 'example.happened', data: {}, at: 0 }),
    };
    catalog.register(plugin);
    assert.ok(catalog.isKnown('example.happened'));
    assert.deepEqual(catalog.namesFor('license.updated'), ['example.happened']);
    assert.throws(() => catalog.register(plugin), /registered twice/);
  });
});

describe('webhook event data', () => {
  const catalog = productCatalog();
  const service = { id: 's1', name: 'db', path: 'eu/db' };

  it('notification.created carries the notification with its own type', () => {
    const notification = {
      id: 'n1',
      userId: 'u1',
      type: 'sla.breached',
      title: 'SLA breached',
      message: 'm',
      entityType: 'service',
      entityId: 's1',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const translated = catalog.translate({ type: 'notification.created', notification, at: 5, origin: 'api' }, lookups);
    assert.deepEqual(translated, { name: 'notification.created', at: 5, data: { notification } });
  });

  it('a backup carries service, status, size, message and time; partial is backup.failed', () => {
    const translated = catalog.translate(
      {
        type: 'backup.recorded',
        service,
        status: 'partial',
        sizeBytes: 10,
        message: 'half',
        at: Date.parse('2026-01-01T00:00:00Z'),
        origin: 'agent',
      },
      lookups,
    );
    assert.deepEqual(translated, {
      name: 'backup.failed',
      at: Date.parse('2026-01-01T00:00:00Z'),
      data: { service, status: 'partial', sizeBytes: 10, message: 'half', reportedAt: '2026-01-01T00:00:00.000Z' },
    });
  });

  it('user.deleted and events no source reads give nothing', () => {
    assert.equal(
      catalog.translate({ type: 'user.deleted', user: { id: 'u', username: 'x' }, fields: [], at: 0, origin: 'api' }, lookups),
      null,
    );
    assert.equal(
      catalog.translate({ type: 'session.ended', sessionId: 's', userId: 'u', reason: 'logout', at: 0, origin: 'api' }, lookups),
      null,
    );
    assert.deepEqual(catalog.namesFor('session.ended'), []);
  });

  it('a service created healthy sends nothing; created DOWN sends service.down with previousStatus null', () => {
    const created = (status: string) =>
      catalog.translate(
        { type: 'service.created', service, at: 0, origin: 'agent' },
        { ...lookups, service: () => ({ status, statusMessage: 'boom' }) },
      );
    assert.equal(created('OPERATIONAL'), null);
    assert.deepEqual(created('DOWN'), {
      name: 'service.down',
      at: 0,
      data: { service, previousStatus: null, status: 'DOWN', message: 'boom' },
    });
  });
});
