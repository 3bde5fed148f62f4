/**
 * The catalog as the ticket core reads it (TicketingCatalogReader): which workflow a new ticket
 * follows, which calendar and group it gets, and the defaults of a product nobody configured.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALWAYS_OPEN } from '../../../../src/plugins/ticketing/calendar/businessCalendar.js';
import { DEFAULT_CATALOG_CONTENT, type CatalogContent } from '../../../../src/plugins/ticketing/catalog/catalogContent.js';
import { TicketingCatalog } from '../../../../src/plugins/ticketing/catalog/ticketingCatalog.js';
import { DEFAULT_PRIORITY_POLICY } from '../../../../src/plugins/ticketing/priority/priorityPolicy.js';
import type { BusinessCalendar, CatalogItemView, WorkflowDefinition } from '../../../../src/plugins/ticketing/ticketContract.js';
import { INCIDENT_WORKFLOW } from '../../../../src/plugins/ticketing/workflows/defaultWorkflows.js';

const office: BusinessCalendar = {
  name: 'Office',
  timeZone: 'Europe/Berlin',
  weekly: [[], [{ start: '09:00', end: '17:00' }], [], [], [], [], []],
  holidays: [],
};
const hardware: WorkflowDefinition = { ...INCIDENT_WORKFLOW, name: 'Hardware', ticketTypes: [] };
const laptop: CatalogItemView = {
  name: 'New laptop',
  categoryName: 'Hardware',
  description: null,
  ticketType: 'SERVICE_REQUEST',
  workflowName: 'Hardware',
  groupId: 'g-desk',
  calendarName: 'Office',
  targets: null,
};

function configured(changes: Partial<CatalogContent>): TicketingCatalog {
  return new TicketingCatalog({ ...DEFAULT_CATALOG_CONTENT, ...changes });
}

describe('ticketing catalog reader', () => {
  it('a product nobody configured: built-in workflows for every type, 24/7, the default priority policy, no items, no routing', () => {
    const catalog = new TicketingCatalog();
    assert.equal(catalog.workflowFor('INCIDENT', null).name, 'Incident');
    assert.equal(catalog.workflowFor('SERVICE_REQUEST', null).name, 'Service request');
    assert.equal(catalog.workflowFor('CHANGE', null).name, 'Change');
    assert.equal(catalog.calendar(null), ALWAYS_OPEN);
    assert.equal(catalog.priorityPolicy(), DEFAULT_PRIORITY_POLICY);
    assert.equal(catalog.catalogItem('New laptop'), undefined);
    assert.equal(catalog.routeGroup({ type: 'INCIDENT', serviceId: 's1' }), null);
  });

  it("a ticket follows its catalog item's workflow, else the first workflow serving its type, else the built-in one", () => {
    const mine = { ...INCIDENT_WORKFLOW, name: 'Mine', ticketTypes: ['INCIDENT'] as const };
    const catalog = configured({ workflows: [hardware, mine], items: [laptop] });
    assert.equal(catalog.workflowFor('SERVICE_REQUEST', 'New laptop').name, 'Hardware');
    assert.equal(catalog.workflowFor('INCIDENT', null).name, 'Mine');
    assert.equal(catalog.workflowFor('INCIDENT', 'no such item').name, 'Mine');
    assert.equal(catalog.workflowFor('CHANGE', null).name, 'Change');
  });

  it('a built-in workflow an import removed is still found by name (tickets that follow it keep working)', () => {
    const catalog = configured({ workflows: [hardware] });
    assert.equal(catalog.workflow('Incident')?.name, 'Incident');
    assert.equal(catalog.workflow('Hardware')?.name, 'Hardware');
    assert.equal(catalog.workflow('Nope'), undefined);
  });

  it('the named calendar, the configured default for null or an unknown name, 24/7 when none is configured', () => {
    assert.equal(configured({ calendars: [office] }).calendar('Office'), office);
    assert.equal(configured({ calendars: [office] }).calendar(null), ALWAYS_OPEN);
    assert.equal(configured({ calendars: [office], defaultCalendarName: 'Office' }).calendar(null), office);
    assert.equal(configured({ calendars: [office], defaultCalendarName: 'Office' }).calendar('Gone'), office);
    assert.equal(configured({}).calendar(ALWAYS_OPEN.name), ALWAYS_OPEN);
  });

  it('routing: the most specific matching rule wins (type and service, then service, then type), ties by order', () => {
    const catalog = configured({
      routingRules: [
        { ticketType: 'INCIDENT', serviceId: null, groupId: 'g-incidents' },
        { ticketType: null, serviceId: 'db', groupId: 'g-dba' },
        { ticketType: 'INCIDENT', serviceId: 'db', groupId: 'g-dba-oncall' },
        { ticketType: 'INCIDENT', serviceId: null, groupId: 'g-second' },
      ],
    });
    assert.equal(catalog.routeGroup({ type: 'INCIDENT', serviceId: 'db' }), 'g-dba-oncall');
    assert.equal(catalog.routeGroup({ type: 'CHANGE', serviceId: 'db' }), 'g-dba');
    assert.equal(catalog.routeGroup({ type: 'INCIDENT', serviceId: 'web' }), 'g-incidents');
    assert.equal(catalog.routeGroup({ type: 'INCIDENT', serviceId: null }), 'g-incidents');
    assert.equal(catalog.routeGroup({ type: 'CHANGE', serviceId: null }), null);
  });

  it('items by category, in their defined order', () => {
    const mouse = { ...laptop, name: 'Mouse' };
    const vpn = { ...laptop, name: 'VPN access', categoryName: 'Access' };
    const catalog = configured({ items: [laptop, vpn, mouse] });
    assert.deepEqual(
      catalog.itemsOf('Hardware').map((i) => i.name),
      ['New laptop', 'Mouse'],
    );
    assert.deepEqual(
      catalog.itemsOf().map((i) => i.name),
      ['New laptop', 'VPN access', 'Mouse'],
    );
    assert.equal(catalog.catalogItem('VPN access'), vpn);
  });
});
