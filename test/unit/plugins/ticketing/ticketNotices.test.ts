/** Who hears about a ticket's change (src/plugins/ticketing/notifications/ticketNotices.ts), as tables over plain data. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Viewer } from '../../../../src/core/auth/roles.js';
import type { TicketChangeEvent, TicketEventKind, TicketView } from '../../../../src/plugins/ticketing/ticketContract.js';
import { MAX_RECIPIENTS, ticketNotices, type NoticeDirectory } from '../../../../src/plugins/ticketing/notifications/ticketNotices.js';

const ticket: TicketView = {
  id: 't1',
  number: 'INC-000007',
  title: 'Checkout is slow',
  description: null,
  type: 'INCIDENT',
  status: 'In progress',
  statusCategory: 'IN_PROGRESS',
  workflowName: 'default',
  impact: 'HIGH',
  urgency: 'HIGH',
  priority: 'P1',
  serviceId: null,
  catalogItemName: null,
  requesterId: 'req',
  assigneeId: 'asg',
  groupId: null,
  createdAt: 0,
  updatedAt: 0,
  deletedAt: null,
};

function directory(options: { watchers?: string[]; inactive?: string[]; unreadable?: string[] } = {}): NoticeDirectory {
  return {
    viewerOf: (userId) =>
      options.inactive?.includes(userId) ? undefined : ({ userId, username: `u-${userId}`, role: 'user', sessionId: '' } satisfies Viewer),
    canRead: (viewer) => !options.unreadable?.includes(viewer.userId),
    watcherIds: () => options.watchers ?? [],
  };
}

function event(
  kind: TicketEventKind,
  actorId: string | null,
  changes: Partial<TicketView> = {},
  detail: Record<string, unknown> = {},
): TicketChangeEvent {
  return { type: `ticket.${kind}`, ticket: { ...ticket, ...changes }, actorId, detail, at: 1000, origin: 'api' } as TicketChangeEvent;
}

const recipients = (e: TicketChangeEvent, d = directory()) =>
  ticketNotices(e, d)
    .map((n) => n.userId)
    .sort();

describe('ticket notices', () => {
  const table: Array<[string, TicketChangeEvent, NoticeDirectory, string[]]> = [
    ['created by the requester: the assignee', event('created', 'req'), directory(), ['asg']],
    ['created on behalf by an operator: requester and assignee', event('created', 'op'), directory(), ['asg', 'req']],
    [
      'commented by the assignee: requester and watchers',
      event('commented', 'asg', {}, { commentId: 'c', excerpt: 'hi' }),
      directory({ watchers: ['w1', 'w2'] }),
      ['req', 'w1', 'w2'],
    ],
    ['a watcher who is also the requester is told once', event('commented', 'asg'), directory({ watchers: ['req'] }), ['req']],
    ['the actor is never told, even as a watcher', event('resolved', 'w1'), directory({ watchers: ['w1'] }), ['asg', 'req']],
    [
      'reassigned: new and previous assignee, requester',
      event('assigned', 'op', { assigneeId: 'new' }, { previousAssigneeId: 'asg' }),
      directory(),
      ['asg', 'new', 'req'],
    ],
    ['a system comment (no actor): everyone', event('commented', null), directory({ watchers: ['w1'] }), ['asg', 'req', 'w1']],
    [
      'SLA breached by the scheduler: everyone',
      event('sla_breached', null, {}, { clock: 'resolution', dueAt: 5000 }),
      directory(),
      ['asg', 'req'],
    ],
    ['an inactive or deleted person: left out', event('commented', 'asg'), directory({ watchers: ['gone'], inactive: ['gone'] }), ['req']],
    [
      'a watcher who may no longer read the ticket: left out',
      event('commented', 'asg'),
      directory({ watchers: ['outsider'], unreadable: ['outsider'] }),
      ['req'],
    ],
    [
      'unassigned: no assignee to tell',
      event('status_changed', 'req', { assigneeId: null }, { from: 'New', to: 'In progress' }),
      directory(),
      [],
    ],
  ];
  for (const [what, e, d, expected] of table) it(what, () => assert.deepEqual(recipients(e, d), expected));

  const silent: Array<[string, TicketChangeEvent]> = [
    ['updated', event('updated', 'op')],
    ['closed', event('closed', 'op')],
    ['deleted', event('deleted', 'op')],
    ['a status move into a resolved state (ticket.resolved tells it)', event('status_changed', 'op', { statusCategory: 'RESOLVED' })],
    ['a change of a deleted ticket', event('commented', 'op', { deletedAt: 5 })],
    ['hydration', { ...event('created', 'op'), origin: 'hydrate' }],
  ];
  for (const [what, e] of silent) it(`nobody hears of ${what}`, () => assert.deepEqual(recipients(e), []));

  it('each notice has the ticket kind, names the ticket and links to it', () => {
    const [notice] = ticketNotices(event('commented', 'asg', {}, { commentId: 'c', excerpt: 'restarted the pod' }), directory());
    assert.deepEqual(notice, {
      userId: 'req',
      type: 'ticket.commented',
      title: 'New comment on INC-000007',
      message: 'u-asg on INC-000007 Checkout is slow: restarted the pod',
      entityType: 'ticket',
      entityId: 't1',
    });
  });

  it('the new assignee reads that it is theirs; others read to whom it went', () => {
    const notices = ticketNotices(event('assigned', 'op', { assigneeId: 'new' }, { previousAssigneeId: 'asg' }), directory());
    assert.equal(notices.find((n) => n.userId === 'new')?.title, 'INC-000007 is assigned to you');
    assert.equal(notices.find((n) => n.userId === 'asg')?.title, 'INC-000007 assigned to u-new');
  });

  it(`a crowd of watchers is told through its first ${MAX_RECIPIENTS}`, () => {
    const watchers = Array.from({ length: 250 }, (_, i) => `w${i}`);
    assert.equal(ticketNotices(event('commented', 'asg'), directory({ watchers })).length, MAX_RECIPIENTS);
  });
});
