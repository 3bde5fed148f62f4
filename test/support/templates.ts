/** Template helpers for integration tests: export/import over real HTTP with the API key, and a full template. */
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import type { TestResponse, TestServer } from './testServer.js';

export const EXPORT = '/api/v1/templates/export';
export const IMPORT = '/api/v1/templates/import';
const YAML_HEADERS = { 'content-type': 'application/yaml' };

export function importTemplate(t: TestServer, yaml: string | Uint8Array): Promise<TestResponse> {
  return t.call('POST', IMPORT, yaml, YAML_HEADERS);
}

export async function imported(t: TestServer, yaml: string): Promise<any> {
  const res = await importTemplate(t, yaml);
  assert.equal(res.status, 200, res.text);
  return res.json;
}

/** The exported document as text (fails the test unless 200 YAML). */
export async function exportedText(t: TestServer): Promise<string> {
  const res = await t.call('GET', EXPORT);
  assert.equal(res.status, 200, res.text);
  assert.match(res.headers.get('content-type') ?? '', /^application\/yaml/);
  return res.text;
}

/** The exported definitions, parsed (the header comment, which carries the time, is not part of them). */
export async function exportedDefinitions(t: TestServer): Promise<any> {
  return parse(await exportedText(t));
}

/** A template using every section; `group` must name an existing group. */
export function fullTemplate(group: string): string {
  return `version: 1
workflows:
  - name: Hardware request
    description: Order, ship, done.
    ticketTypes: [SERVICE_REQUEST]
    initialState: Ordered
    states:
      - { name: Ordered, category: NEW }
      - { name: Shipping, category: IN_PROGRESS }
      - { name: Waiting for user, category: WAITING }
      - { name: Delivered, category: RESOLVED }
      - { name: Closed, category: CLOSED }
    transitions:
      - name: ship
        from: [Ordered]
        to: Shipping
        steps:
          - type: HTTP_REQUEST
            name: tell-warehouse
            url: https://warehouse.example.com/orders
            method: POST
            headers: { x-token: secret-1 }
            body: '{"order": true}'
      - { name: wait, from: [Shipping], to: Waiting for user }
      - { name: resume, from: [Waiting for user], to: Shipping }
      - name: resolve
        from: ['*']
        to: Delivered
        steps:
          - { type: NOTIFY, name: tell-requester, message: Your hardware was delivered }
      - { name: close, from: [Delivered], to: Closed }
      - { name: reopen, from: [Delivered], to: Shipping }
  - name: Major incident
    ticketTypes: [INCIDENT]
    initialState: Open
    states:
      - { name: Open, category: NEW }
      - { name: Fixing, category: IN_PROGRESS }
      - { name: Fixed, category: RESOLVED }
      - { name: Closed, category: CLOSED }
    transitions:
      - { name: start, from: [Open], to: Fixing }
      - { name: resolve, from: [Open, Fixing], to: Fixed }
      - { name: close, from: [Fixed], to: Closed }
      - { name: reopen, from: [Fixed], to: Fixing }
catalog:
  categories:
    - { name: Hardware, description: Things you can hold }
    - { name: Access }
  items:
    - name: New laptop
      category: Hardware
      description: A laptop for a new colleague
      ticketType: SERVICE_REQUEST
      workflow: Hardware request
      group: ${group}
      calendar: Office
      targets: { responseMinutes: 60, resolutionMinutes: 2880 }
    - { name: Mouse, category: Hardware, ticketType: SERVICE_REQUEST }
    - { name: VPN access, category: Access, ticketType: SERVICE_REQUEST, workflow: Service request }
calendars:
  - name: Office
    timeZone: Europe/Berlin
    weekly:
      - []
      - [{ start: '09:00', end: '17:00' }]
      - [{ start: '09:00', end: '17:00' }]
      - [{ start: '09:00', end: '17:00' }]
      - [{ start: '09:00', end: '17:00' }]
      - [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '16:00' }]
      - []
    holidays: ['2026-12-25', '2026-12-26']
defaultCalendar: Office
priorityPolicy:
  matrix:
    LOW: { LOW: P5, MEDIUM: P4, HIGH: P3, CRITICAL: P3 }
    MEDIUM: { LOW: P4, MEDIUM: P3, HIGH: P2, CRITICAL: P2 }
    HIGH: { LOW: P3, MEDIUM: P2, HIGH: P1, CRITICAL: P1 }
    CRITICAL: { LOW: P3, MEDIUM: P2, HIGH: P1, CRITICAL: P1 }
  targets:
    P1: { responseMinutes: 10, resolutionMinutes: 120 }
    P2: { responseMinutes: 30, resolutionMinutes: 480 }
    P3: { responseMinutes: 120, resolutionMinutes: 1440 }
    P4: { responseMinutes: 480, resolutionMinutes: 4320 }
    P5: { responseMinutes: 1440, resolutionMinutes: 14400 }
routingRules:
  - { ticketType: INCIDENT, group: ${group} }
slaDefinitions:
  - name: Gold
    description: Business hours, best effort
    targetPercent: 99.9
    period: MONTH
    degradedCountsAsDown: true
    timeZone: Europe/Berlin
  - { name: Bronze, targetPercent: 99, period: QUARTER }
`;
}
