/**
 * A ticketing server with the cast the conversation and notification suites need: a requester, an
 * assignee, a watcher (a member of the cast's group, so they may read its tickets), an outsider
 * (all plain users), an operator and the admin, and tickets raised through the real API
 * (createTicket, assignTicket).
 */
import assert from 'node:assert/strict';
import type { ManualClock } from '../../src/platform/scheduler/index.js';
import type { Backend, TestStore } from './backends.js';
import { gql, personWithRole, signInAdmin, type SignedIn } from './graphql.js';
import { LICENSE_ENV, licenseToken } from './license.js';
import { startTestServer, type TestServer } from './testServer.js';
import { WEBHOOK_ENV } from './webhooks.js';

export type Person = SignedIn & { username: string };

export interface Cast {
  readonly admin: Person;
  readonly operator: Person;
  readonly requester: Person;
  readonly assignee: Person;
  readonly watcher: Person;
  readonly outsider: Person;
  /** The group the watcher belongs to; tickets assigned by `raiseTicket` go to it. */
  readonly groupId: string;
}

export const ticketingEnv = (clock: ManualClock) => ({ ...LICENSE_ENV, ...WEBHOOK_ENV, SVC_LICENSE_KEY: licenseToken(clock) });

export async function startTicketingServer(backend: Backend, clock: ManualClock, store?: TestStore): Promise<TestServer> {
  return startTestServer(backend, { clock, env: ticketingEnv(clock), ...(store ? { store } : {}) });
}

let casts = 0;

export async function castOf(t: TestServer): Promise<Cast> {
  const admin = { ...(await signInAdmin(t)), username: 'admin' };
  const n = ++casts;
  const make = (role: 'USER' | 'OPERATOR', name: string) => personWithRole(t, admin, role, `${name}-${n}`);
  const watcher = await make('USER', 'watcher');
  const group = await gql(
    t,
    'mutation($i: CreateGroupInput!) { createGroup(input: $i) { id } }',
    { i: { name: `desk-${n}` } },
    admin.accessToken,
  );
  assert.equal(group.errors, undefined, group.text);
  const groupId = group.data.createGroup.id;
  const added = await gql(
    t,
    'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }',
    { g: groupId, u: watcher.userId },
    admin.accessToken,
  );
  assert.equal(added.errors, undefined, added.text);
  return {
    admin,
    operator: await make('OPERATOR', 'operator'),
    requester: await make('USER', 'requester'),
    assignee: await make('USER', 'assignee'),
    watcher,
    outsider: await make('USER', 'outsider'),
    groupId,
  };
}

export const TICKET_FIELDS = 'id number status statusCategory requesterId assigneeId';

/** A ticket raised by `by` (for `requesterId` when given), assigned to `assigneeId` (and `groupId`) by the admin when given. */
export async function raiseTicket(
  t: TestServer,
  by: Person,
  options: { title?: string; requesterId?: string; assigneeId?: string; groupId?: string; admin?: Person; severity?: 'LOW' | 'HIGH' } = {},
): Promise<{ id: string; number: string }> {
  const input = {
    title: options.title ?? 'Checkout answers 502',
    type: 'INCIDENT',
    impact: options.severity ?? 'LOW',
    urgency: options.severity ?? 'LOW',
    ...(options.requesterId ? { requesterId: options.requesterId } : {}),
  };
  const created = await gql(
    t,
    `mutation($i: CreateTicketInput!) { createTicket(input: $i) { ${TICKET_FIELDS} } }`,
    { i: input },
    by.accessToken,
  );
  assert.equal(created.errors, undefined, created.text);
  const ticket = created.data.createTicket;
  if (options.assigneeId) {
    const assigned = await gql(
      t,
      'mutation($id: ID!, $a: ID, $g: ID) { assignTicket(id: $id, assigneeId: $a, groupId: $g) { id assigneeId } }',
      { id: ticket.id, a: options.assigneeId, g: options.groupId ?? null },
      (options.admin ?? by).accessToken,
    );
    assert.equal(assigned.errors, undefined, assigned.text);
  }
  return { id: ticket.id, number: ticket.number };
}
