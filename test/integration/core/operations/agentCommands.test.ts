/**
 * Agent commands end to end (issue 15, part 9): people queue and cancel them over GraphQL, the
 * agent fetches them with its heartbeat and closes them with command-result over the machine API,
 * open commands past their deadline expire by the manual clock, and every move is an event (bus,
 * subscription, webhook). Statuses are checked in the API and in the database, on both databases.
 */
import type { AgentCommandQueuedEvent, AgentCommandUpdatedEvent } from '../../../../src/core/coreEvents.js';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import type { DomainEvent } from '../../../../src/platform/events/domainEvents.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signIn, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createWebhook, useReceivers, WEBHOOK_ENV } from '../../../support/webhooks.js';
import { iso } from '../../../support/time.js';

const HEARTBEAT = '/api/v1/operator/heartbeat';
const COMMAND_RESULT = '/api/v1/operator/command-result';
const MINUTE = 60_000;
const FIELDS = `id nodeId type status open workload { namespace kind name } payload createdAt deliveredAt expiresAt completedAt
  requestedBy { username } cancelledBy { username } result { message output } agent { nodeId }`;
const QUEUE = `mutation($i: QueueAgentCommandInput!) { queueAgentCommand(input: $i) { ${FIELDS} } }`;
const CANCEL = `mutation($id: ID!) { cancelAgentCommand(id: $id) { ${FIELDS} } }`;
const COMMAND = `query($id: ID!) { agentCommand(id: $id) { ${FIELDS} } }`;
const LIST =
  'query($node: String, $status: AgentCommandStatus, $limit: Int) { agentCommands(nodeId: $node, status: $status, limit: $limit) { id status } agentCommandCount(nodeId: $node, status: $status) }';
const ms = (value: unknown) => new Date(value as string).getTime();

let nodeCounter = 0;

type AgentCommandEvent = AgentCommandQueuedEvent | AgentCommandUpdatedEvent;
const isCommandEvent = (e: DomainEvent): e is AgentCommandEvent => e.type === 'agent.command_queued' || e.type === 'agent.command_updated';

for (const backend of testBackends()) {
  describe(`agent commands (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    let admin: SignedIn;
    let operator: SignedIn & { username: string; password: string };
    let user: SignedIn & { username: string; password: string };
    let signedInAt = 0;
    const events: AgentCommandEvent[] = [];
    const receivers = useReceivers();

    before(async () => {
      t = await startTestServer(backend, { clock, env: WEBHOOK_ENV });
      admin = await signInAdmin(t);
      operator = await personWithRole(t, admin, 'OPERATOR');
      user = await personWithRole(t, admin, 'USER');
      signedInAt = clock.now();
      t.server.bus.subscribeAll((e) => {
        if (isCommandEvent(e)) events.push(e);
      });
    });
    /** Tests move the clock by many minutes and access tokens live 15: sign in again when they may have run out. */
    const freshTokens = async () => {
      if (clock.now() - signedInAt < 10 * MINUTE) return;
      admin = await signInAdmin(t);
      operator = { ...(await signIn(t, operator.username, operator.password)), username: operator.username, password: operator.password };
      user = { ...(await signIn(t, user.username, user.password)), username: user.username, password: user.password };
      signedInAt = clock.now();
    };
    beforeEach(freshTokens);
    after(() => t.close());

    const db = () => t.server.database.knex;
    const row = (id: string) => db()('agent_commands').where({ id }).first();

    /** A node whose agent has sent a heartbeat (so commands may be queued for it). */
    const knownNode = async () => {
      const node = `eu/prod/k8s-${++nodeCounter}/agent`;
      assert.equal((await t.call('POST', HEARTBEAT, { nodeId: node, version: '2.0.0' })).status, 200);
      return node;
    };
    const queue = async (input: Record<string, unknown>, token = operator.accessToken) => {
      const res = await gql(t, QUEUE, { i: input }, token);
      assert.equal(res.errors, undefined, res.text);
      return res.data.queueAgentCommand;
    };
    const read = async (id: string, token = user.accessToken) => {
      const res = await gql(t, COMMAND, { id }, token);
      assert.equal(res.errors, undefined, res.text);
      return res.data.agentCommand;
    };
    const beat = async (nodeId: string) => {
      const res = await t.call('POST', HEARTBEAT, { nodeId });
      assert.equal(res.status, 200, res.text);
      return res.json.commands as Array<{ id: string; type: string; payload: unknown; createdAt: string }>;
    };
    const report = async (nodeId: string, commandId: string, status: string, extra: Record<string, unknown> = {}) => {
      const res = await t.call('POST', COMMAND_RESULT, { nodeId, commandId, status, ...extra });
      assert.equal(res.status, 200, res.text);
      return res.json;
    };

    describe('queue, deliver, report', () => {
      it('an operator queues RESYNC: it is QUEUED with a 15-minute fetch deadline, persisted, and names who queued it', async () => {
        const node = await knownNode();
        const queuedAt = clock.now();
        const command = await queue({ nodeId: node, type: 'RESYNC' });
        assert.deepEqual(
          { ...command, id: undefined },
          {
            id: undefined,
            nodeId: node,
            type: 'RESYNC',
            status: 'QUEUED',
            open: true,
            workload: null,
            payload: '{}',
            createdAt: iso(queuedAt),
            deliveredAt: null,
            expiresAt: iso(queuedAt + 15 * MINUTE),
            completedAt: null,
            requestedBy: { username: operator.username },
            cancelledBy: null,
            result: null,
            agent: { nodeId: node },
          },
        );
        const stored = await row(command.id);
        assert.equal(stored.status, 'queued');
        assert.equal(stored.requested_by, operator.userId);
        assert.equal(ms(stored.expires_at), queuedAt + 15 * MINUTE);
      });

      it('the next heartbeat hands the command out in the agent shape and it becomes DELIVERED with a 15-minute answer deadline', async () => {
        const node = await knownNode();
        const queuedAt = clock.now();
        const command = await queue({ nodeId: node, type: 'RESYNC' });
        clock.advance(30_000);
        const deliveredAt = clock.now();
        assert.deepEqual(await beat(node), [{ id: command.id, type: 'resync', payload: {}, createdAt: iso(queuedAt) }]);
        const delivered = await read(command.id);
        assert.equal(delivered.status, 'DELIVERED');
        assert.equal(delivered.deliveredAt, iso(deliveredAt));
        assert.equal(delivered.expiresAt, iso(deliveredAt + 15 * MINUTE));
        assert.equal((await row(command.id)).status, 'delivered');
      });

      it('RESTART_WORKLOAD carries its workload to the agent as {namespace, kind, name}', async () => {
        const node = await knownNode();
        const command = await queue({
          nodeId: node,
          type: 'RESTART_WORKLOAD',
          workload: { namespace: 'payments', kind: 'STATEFULSET', name: 'payments-db' },
        });
        assert.deepEqual(command.workload, { namespace: 'payments', kind: 'STATEFULSET', name: 'payments-db' });
        assert.deepEqual(JSON.parse(command.payload), { namespace: 'payments', kind: 'StatefulSet', name: 'payments-db' });
        const [sent] = await beat(node);
        assert.deepEqual(sent!.payload, { namespace: 'payments', kind: 'StatefulSet', name: 'payments-db' });
        assert.equal(sent!.type, 'restart_workload');
      });

      it('a succeeded result closes the command as SUCCEEDED with the agent message and output', async () => {
        const node = await knownNode();
        const command = await queue({ nodeId: node, type: 'REFRESH_CONFIG' });
        await beat(node);
        clock.advance(5_000);
        const answer = await report(node, command.id, 'succeeded', { message: 'reloaded', output: { watched: 12 } });
        assert.equal(answer.alreadyRecorded, false);
        const closed = await read(command.id);
        assert.deepEqual([closed.status, closed.open, closed.completedAt, closed.expiresAt], ['SUCCEEDED', false, iso(clock.now()), null]);
        assert.deepEqual(closed.result, { message: 'reloaded', output: '{"watched":12}' });
        assert.equal((await row(command.id)).status, 'succeeded');
        assert.deepEqual(await beat(node), [], 'a closed command is not handed out');
      });

      it('a failed result closes the command as FAILED, and a repeated result is answered alreadyRecorded', async () => {
        const node = await knownNode();
        const command = await queue({
          nodeId: node,
          type: 'RESTART_WORKLOAD',
          workload: { namespace: 'shop', kind: 'DEPLOYMENT', name: 'web' },
        });
        await beat(node);
        await report(node, command.id, 'failed', { message: 'forbidden: cannot patch deployments' });
        assert.equal((await report(node, command.id, 'succeeded')).alreadyRecorded, true);
        const closed = await read(command.id);
        assert.equal(closed.status, 'FAILED');
        assert.equal(closed.result.message, 'forbidden: cannot patch deployments');
        assert.equal((await row(command.id)).status, 'failed');
      });
    });

    describe('expiry by the clock', () => {
      it('a command not fetched within its ttlSeconds reads EXPIRED at its deadline and is not handed out', async () => {
        const node = await knownNode();
        const queuedAt = clock.now();
        const command = await queue({ nodeId: node, type: 'RESYNC', ttlSeconds: 60 });
        clock.set(queuedAt + MINUTE - 1);
        assert.equal((await read(command.id)).status, 'QUEUED');
        clock.set(queuedAt + MINUTE);
        const expired = await read(command.id);
        assert.deepEqual([expired.status, expired.completedAt, expired.expiresAt], ['EXPIRED', iso(queuedAt + MINUTE), null]);
        assert.deepEqual(await beat(node), []);
        const stored = await row(command.id);
        assert.equal(stored.status, 'expired', 'the heartbeat that found it due recorded the expiry');
        assert.equal(ms(stored.completed_at), queuedAt + MINUTE);
      });

      it('the sweep records every command past its deadline and announces each as expired', async () => {
        const node = await knownNode();
        const queuedAt = clock.now();
        const first = await queue({ nodeId: node, type: 'RESYNC' });
        const second = await queue({ nodeId: node, type: 'REFRESH_CONFIG' });
        const seen = events.length;
        clock.set(queuedAt + 15 * MINUTE);
        // The clock's repeating sweep may already have run at this instant; either way each is recorded once.
        await t.server.app.agentCommands.sweep();
        await t.server.writer.settled();
        for (const id of [first.id, second.id]) {
          const stored = await row(id);
          assert.equal(stored.status, 'expired');
          assert.equal(ms(stored.completed_at), queuedAt + 15 * MINUTE);
        }
        const expiredEvents = events.slice(seen).filter((e) => e.type === 'agent.command_updated' && e.command.nodeId === node);
        assert.deepEqual(
          expiredEvents.map((e) => e.type === 'agent.command_updated' && [e.command.id, e.previousStatus, e.command.status, e.origin]),
          [
            [first.id, 'queued', 'expired', 'timer'],
            [second.id, 'queued', 'expired', 'timer'],
          ],
        );
      });

      it('a delivered command without a result within 15 minutes expires; a result arriving later is still recorded', async () => {
        const node = await knownNode();
        const command = await queue({ nodeId: node, type: 'RESYNC' });
        await beat(node);
        const deliveredAt = clock.now();
        clock.set(deliveredAt + 15 * MINUTE - 1);
        assert.equal((await read(command.id)).status, 'DELIVERED');
        clock.set(deliveredAt + 15 * MINUTE);
        await freshTokens();
        await t.server.app.agentCommands.sweep();
        assert.equal((await row(command.id)).status, 'expired');
        clock.advance(MINUTE);
        const late = await report(node, command.id, 'succeeded', { message: 'done, slowly' });
        assert.equal(late.alreadyRecorded, false);
        const closed = await read(command.id);
        assert.deepEqual([closed.status, closed.completedAt, closed.result.message], ['SUCCEEDED', iso(clock.now()), 'done, slowly']);
      });
    });

    describe('cancel', () => {
      it('cancelling a queued command makes it CANCELLED, names who cancelled, and it is not handed out', async () => {
        const node = await knownNode();
        const command = await queue({ nodeId: node, type: 'RESYNC' });
        clock.advance(1_000);
        const res = await gql(t, CANCEL, { id: command.id }, admin.accessToken);
        assert.equal(res.errors, undefined, res.text);
        const cancelled = res.data.cancelAgentCommand;
        assert.deepEqual(
          [cancelled.status, cancelled.completedAt, cancelled.cancelledBy],
          ['CANCELLED', iso(clock.now()), { username: 'admin' }],
        );
        assert.deepEqual(await beat(node), []);
        const stored = await row(command.id);
        assert.equal(stored.status, 'cancelled');
        assert.equal(stored.cancelled_by, admin.userId);
      });

      it('cancelling again answers the cancelled command; cancelling a finished one is CONFLICT; an unknown id is NOT_FOUND', async () => {
        const node = await knownNode();
        const cancelled = await queue({ nodeId: node, type: 'RESYNC' });
        await gql(t, CANCEL, { id: cancelled.id }, operator.accessToken);
        const again = await gql(t, CANCEL, { id: cancelled.id }, operator.accessToken);
        assert.equal(again.data.cancelAgentCommand.status, 'CANCELLED');

        const finished = await queue({ nodeId: node, type: 'RESYNC' });
        await beat(node);
        await report(node, finished.id, 'succeeded');
        const conflict = await gql(t, CANCEL, { id: finished.id }, operator.accessToken);
        assert.deepEqual(conflict.codes, ['CONFLICT']);
        assert.match(conflict.errors![0].message, /SUCCEEDED/);

        assert.deepEqual((await gql(t, CANCEL, { id: '00000000-0000-4000-8000-000000000000' }, operator.accessToken)).codes, ['NOT_FOUND']);
        assert.deepEqual((await gql(t, CANCEL, { id: 'not-a-command' }, operator.accessToken)).codes, ['NOT_FOUND']);
      });
    });

    describe('who may do what, and what is refused', () => {
      it('a user reads commands but may not queue or cancel them (FORBIDDEN); without a token it is UNAUTHENTICATED', async () => {
        const node = await knownNode();
        const command = await queue({ nodeId: node, type: 'RESYNC' });
        assert.equal((await read(command.id, user.accessToken)).id, command.id);
        assert.deepEqual((await gql(t, QUEUE, { i: { nodeId: node, type: 'RESYNC' } }, user.accessToken)).codes, ['FORBIDDEN']);
        assert.deepEqual((await gql(t, CANCEL, { id: command.id }, user.accessToken)).codes, ['FORBIDDEN']);
        assert.deepEqual((await gql(t, QUEUE, { i: { nodeId: node, type: 'RESYNC' } })).codes, ['UNAUTHENTICATED']);
        assert.deepEqual((await gql(t, COMMAND, { id: command.id })).codes, ['UNAUTHENTICATED']);
        assert.equal((await read(command.id)).status, 'QUEUED', 'the refused cancel changed nothing');
      });

      it('a node no agent has reported for is NOT_FOUND, and nothing is stored', async () => {
        const node = `eu/prod/never-seen-${++nodeCounter}`;
        const res = await gql(t, QUEUE, { i: { nodeId: node, type: 'RESYNC' } }, admin.accessToken);
        assert.deepEqual(res.codes, ['NOT_FOUND']);
        assert.match(res.errors![0].message, /no agent has reported/);
        assert.equal((await db()('agent_commands').where({ node_id: node })).length, 0);
      });

      it('a node takes at most 100 open commands: the 101st is LIMIT_EXCEEDED until one closes', async () => {
        const node = await knownNode();
        const queued = await Promise.all(Array.from({ length: 100 }, () => queue({ nodeId: node, type: 'RESYNC' })));
        const refused = await gql(t, QUEUE, { i: { nodeId: node, type: 'RESYNC' } }, operator.accessToken);
        assert.deepEqual(refused.codes, ['LIMIT_EXCEEDED']);
        assert.match(refused.errors![0].message, /100 open commands/);
        assert.equal((await db()('agent_commands').where({ node_id: node })).length, 100);
        await gql(t, CANCEL, { id: queued[0].id }, operator.accessToken);
        assert.equal((await queue({ nodeId: node, type: 'RESYNC' })).status, 'QUEUED');
      });

      const invalid: Array<[string, Record<string, unknown>, RegExp]> = [
        ['RESTART_WORKLOAD without a workload', { type: 'RESTART_WORKLOAD' }, /needs "workload"/],
        ['RESYNC with a workload', { type: 'RESYNC', workload: { namespace: 'a', kind: 'DEPLOYMENT', name: 'b' } }, /takes no workload/],
        [
          'REFRESH_CONFIG with a workload',
          { type: 'REFRESH_CONFIG', workload: { namespace: 'a', kind: 'DEPLOYMENT', name: 'b' } },
          /takes no workload/,
        ],
        [
          'an upper-case namespace',
          { type: 'RESTART_WORKLOAD', workload: { namespace: 'Payments', kind: 'DEPLOYMENT', name: 'api' } },
          /workload\.namespace/,
        ],
        [
          'a namespace of 64 characters',
          { type: 'RESTART_WORKLOAD', workload: { namespace: 'a'.repeat(64), kind: 'DEPLOYMENT', name: 'api' } },
          /workload\.namespace/,
        ],
        [
          'an empty namespace',
          { type: 'RESTART_WORKLOAD', workload: { namespace: '', kind: 'DEPLOYMENT', name: 'api' } },
          /workload\.namespace/,
        ],
        [
          'a name with an underscore',
          { type: 'RESTART_WORKLOAD', workload: { namespace: 'shop', kind: 'DEPLOYMENT', name: 'api_v2' } },
          /workload\.name/,
        ],
        [
          'a name ending in "-"',
          { type: 'RESTART_WORKLOAD', workload: { namespace: 'shop', kind: 'DEPLOYMENT', name: 'api-' } },
          /workload\.name/,
        ],
        [
          'a name of 254 characters',
          { type: 'RESTART_WORKLOAD', workload: { namespace: 'shop', kind: 'DEPLOYMENT', name: 'a'.repeat(254) } },
          /workload\.name/,
        ],
        ['ttlSeconds below a minute', { type: 'RESYNC', ttlSeconds: 59 }, /ttlSeconds/],
        ['ttlSeconds above a day', { type: 'RESYNC', ttlSeconds: 86_401 }, /ttlSeconds/],
        ['an empty nodeId', { type: 'RESYNC', nodeId: '' }, /nodeId/],
        ['a nodeId of slashes', { type: 'RESYNC', nodeId: '///' }, /nodeId/],
        ['a nodeId with a control character', { type: 'RESYNC', nodeId: 'eu/\u0007bell' }, /nodeId/],
      ];
      for (const [label, input, message] of invalid) {
        it(`refuses ${label} with BAD_USER_INPUT and stores nothing`, async () => {
          const node = await knownNode();
          const res = await gql(t, QUEUE, { i: { nodeId: node, ...input } }, operator.accessToken);
          assert.deepEqual(res.codes, ['BAD_USER_INPUT'], res.text);
          assert.match(res.errors![0].message, message);
          assert.equal((await db()('agent_commands').where({ node_id: node })).length, 0);
        });
      }
    });

    describe('reading', () => {
      it('agentCommands lists a node newest first, filters by status as it stands now, and agentCommandCount counts the same', async () => {
        const node = await knownNode();
        const a = await queue({ nodeId: node, type: 'RESYNC', ttlSeconds: 60 });
        clock.advance(1_000);
        const b = await queue({ nodeId: node, type: 'REFRESH_CONFIG' });
        clock.advance(1_000);
        const c = await queue({ nodeId: node, type: 'RESYNC' });
        await gql(t, CANCEL, { id: c.id }, operator.accessToken);
        clock.advance(MINUTE);
        const list = async (status?: string) => {
          const res = await gql(t, LIST, { node, ...(status ? { status } : {}) }, user.accessToken);
          assert.equal(res.errors, undefined, res.text);
          assert.equal(res.data.agentCommandCount, res.data.agentCommands.length);
          return res.data.agentCommands.map((x: { id: string; status: string }) => [x.id, x.status]);
        };
        assert.deepEqual(await list(), [
          [c.id, 'CANCELLED'],
          [b.id, 'QUEUED'],
          [a.id, 'EXPIRED'],
        ]);
        assert.deepEqual(await list('EXPIRED'), [[a.id, 'EXPIRED']], 'expired by its deadline before any sweep');
        assert.deepEqual(await list('QUEUED'), [[b.id, 'QUEUED']]);
        assert.deepEqual(await list('SUCCEEDED'), []);
      });

      it('agentCommand of an id that is no command is null', async () => {
        assert.equal(await read('00000000-0000-4000-8000-000000000000'), null);
        assert.equal(await read('nope'), null);
      });
    });

    describe('events', () => {
      it('queue, delivery and result are agent.command_queued and agent.command_updated events on the bus, in order', async () => {
        const node = await knownNode();
        const seen = events.length;
        const command = await queue({ nodeId: node, type: 'RESYNC' });
        await beat(node);
        await report(node, command.id, 'succeeded');
        const mine = events.slice(seen).filter((e) => e.command.id === command.id);
        assert.deepEqual(
          mine.map((e) =>
            e.type === 'agent.command_updated'
              ? [e.type, e.previousStatus, e.command.status, e.origin]
              : [e.type, null, e.command.status, e.origin],
          ),
          [
            ['agent.command_queued', null, 'queued', 'api'],
            ['agent.command_updated', 'queued', 'delivered', 'agent'],
            ['agent.command_updated', 'delivered', 'succeeded', 'agent'],
          ],
        );
      });

      it("agentCommandUpdated(nodeId) delivers the node's command events to a subscriber, not other nodes'", async () => {
        const node = await knownNode();
        const other = await knownNode();
        const client = connectClient(t, { token: user.accessToken });
        const feed = subscribe(
          client,
          'subscription($n: String) { agentCommandUpdated(nodeId: $n) { event previousStatus command { id type status requestedBy { username } } } }',
          { n: node },
        );
        await waitForSubscribers(t, `agent-commands:node:${node}`, 1);
        await queue({ nodeId: other, type: 'RESYNC' });
        const command = await queue({ nodeId: node, type: 'RESYNC' });
        assert.deepEqual((await feed.data()).agentCommandUpdated, {
          event: 'agent:command_queued',
          previousStatus: null,
          command: { id: command.id, type: 'RESYNC', status: 'QUEUED', requestedBy: { username: operator.username } },
        });
        await beat(node);
        assert.deepEqual((await feed.data()).agentCommandUpdated, {
          event: 'agent:command_updated',
          previousStatus: 'QUEUED',
          command: { id: command.id, type: 'RESYNC', status: 'DELIVERED', requestedBy: { username: operator.username } },
        });
        assert.equal(feed.pending, 0);
        await client.dispose();
      });

      it('a webhook subscribed to agent.command_failed receives the failed command with its result', async () => {
        const receiver = await receivers();
        await createWebhook(t, admin.accessToken, { url: receiver.url, events: ['agent.command_failed'] });
        const node = await knownNode();
        const command = await queue({
          nodeId: node,
          type: 'RESTART_WORKLOAD',
          workload: { namespace: 'shop', kind: 'DAEMONSET', name: 'log-shipper' },
        });
        await beat(node);
        await report(node, command.id, 'failed', { message: 'not found', output: { code: 404 } });
        const [delivery] = await receiver.received(1);
        assert.equal(delivery!.json.event, 'agent.command_failed');
        assert.deepEqual(delivery!.json.data.previousStatus, 'DELIVERED');
        const data = delivery!.json.data.command;
        assert.deepEqual(
          [data.id, data.nodeId, data.type, data.status, data.workload, data.requestedBy, data.result],
          [
            command.id,
            node,
            'RESTART_WORKLOAD',
            'FAILED',
            { namespace: 'shop', kind: 'DAEMONSET', name: 'log-shipper' },
            { id: operator.userId, username: operator.username },
            { message: 'not found', output: { code: 404 } },
          ],
        );
        assert.equal(receiver.requests.length, 1, 'queued and delivered were not subscribed');
      });
    });

    describe('when the database refuses the commit', () => {
      before(async () => {
        // PGlite is real PostgreSQL: the same trigger refuses on both backends, for poison nodes only.
        await db().raw(`create function refuse_poisoned_command() returns trigger language plpgsql as $$
          begin
            if new.node_id like 'poison-queue/%' or (new.node_id like 'poison-cancel/%' and new.status = 'cancelled') then
              raise exception 'command of % refused (test trigger)', new.node_id;
            end if;
            return new;
          end $$`);
        await db().raw(
          'create trigger refuse_poisoned_command before insert or update on agent_commands for each row execute function refuse_poisoned_command()',
        );
      });

      it('a queue whose commit fails answers UNAVAILABLE: nothing is handed out, counted or announced', async () => {
        const node = `poison-queue/${++nodeCounter}`;
        await t.call('POST', HEARTBEAT, { nodeId: node });
        let published = 0;
        const unsubscribe = t.server.bus.subscribe('agent.command_queued', () => (published += 1));
        try {
          const res = await gql(t, QUEUE, { i: { nodeId: node, type: 'RESYNC' } }, operator.accessToken);
          assert.deepEqual(res.codes, ['UNAVAILABLE'], res.text);
        } finally {
          unsubscribe();
        }
        assert.equal(published, 0, 'no event for a change that did not happen');
        assert.equal(t.server.fleet.agents.openCount(node, clock.now()), 0);
        assert.deepEqual(await beat(node), []);
      });

      it('a cancel whose commit fails leaves the command QUEUED, and the next heartbeat still hands it out', async () => {
        const node = `poison-cancel/${++nodeCounter}`;
        await t.call('POST', HEARTBEAT, { nodeId: node });
        const command = await queue({ nodeId: node, type: 'RESYNC' });
        const res = await gql(t, CANCEL, { id: command.id }, operator.accessToken);
        assert.deepEqual(res.codes, ['UNAVAILABLE'], res.text);
        assert.equal((await read(command.id)).status, 'QUEUED');
        assert.deepEqual(
          (await beat(node)).map((c) => c.id),
          [command.id],
        );
      });
    });
  });

  describe(`agent commands across a restart (${backend.name})`, () => {
    it('open and cancelled commands survive a restart: the open one keeps its deadline, is handed out and expires after it', async () => {
      const clock = createManualClock();
      const store = await durableStore(backend);
      const node = 'eu/prod/k8s-restart/agent';
      const queuedAt = clock.now();
      let open: string;
      let cancelled: string;
      try {
        const first = await startTestServer(backend, { clock, store: store.forRun(), env: BOOTSTRAP_ENV });
        try {
          await first.call('POST', HEARTBEAT, { nodeId: node });
          const admin = await signInAdmin(first);
          const queueOne = async () =>
            (await gql(first, QUEUE, { i: { nodeId: node, type: 'RESYNC' } }, admin.accessToken)).data.queueAgentCommand.id as string;
          open = await queueOne();
          cancelled = await queueOne();
          assert.equal((await gql(first, CANCEL, { id: cancelled }, admin.accessToken)).errors, undefined);
        } finally {
          await first.close();
        }
        clock.advance(MINUTE);
        const second = await startTestServer(backend, { clock, store: store.forRun(), env: BOOTSTRAP_ENV });
        try {
          const admin = await signInAdmin(second);
          const readOne = async (id: string) => (await gql(second, COMMAND, { id }, admin.accessToken)).data.agentCommand;
          const hydrated = await readOne(open);
          assert.deepEqual([hydrated.status, hydrated.expiresAt], ['QUEUED', iso(queuedAt + 15 * MINUTE)]);
          assert.equal((await readOne(cancelled)).status, 'CANCELLED');
          const beat = await second.call('POST', HEARTBEAT, { nodeId: node });
          assert.deepEqual(
            beat.json.commands.map((c: { id: string }) => c.id),
            [open],
            'the cancelled one is not handed out',
          );
          const deliveredAt = clock.now();
          clock.set(deliveredAt + 15 * MINUTE);
          // The clock's repeating sweep may already have run at this instant; either way it is recorded once.
          await second.server.app.agentCommands.sweep();
          await second.server.writer.settled();
          const again = await signInAdmin(second);
          const expired = (await gql(second, COMMAND, { id: open }, again.accessToken)).data.agentCommand;
          assert.deepEqual([expired.status, expired.completedAt], ['EXPIRED', iso(deliveredAt + 15 * MINUTE)]);
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}
