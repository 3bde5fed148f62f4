import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSchema, parse } from 'graphql';
import { FanoutHub, type JoinRequest, type TopicSocket } from '../../../../src/plugins/realtime/fanoutHub.js';

const schema = buildSchema('type Query { ok: Boolean } type Subscription { tick: Int }');
const source = 'subscription { tick }';
const document = parse(source);

/** Stands in for uWS: topics deliver a published frame to every socket subscribed at that moment. */
class Topics {
  readonly members = new Map<string, Set<FakeSocket>>();
  publishes = 0;
  publish(topic: string, frame: string): void {
    this.publishes += 1;
    for (const socket of this.members.get(topic) ?? []) socket.frames.push(frame);
  }
}

class FakeSocket implements TopicSocket {
  readonly frames: string[] = [];
  directSends = 0;
  constructor(private readonly topics: Topics) {}
  subscribe(topic: string): void {
    let set = this.topics.members.get(topic);
    if (!set) this.topics.members.set(topic, (set = new Set()));
    set.add(this);
  }
  unsubscribe(topic: string): void {
    const set = this.topics.members.get(topic);
    set?.delete(this);
    if (set?.size === 0) this.topics.members.delete(topic);
  }
  send(frame: string): void {
    this.directSends += 1;
    this.frames.push(frame);
  }
  ticks(): Array<{ id: string; tick: number }> {
    return this.frames.map((f) => {
      const parsed = JSON.parse(f) as { id: string; payload: { data: { tick: number } } };
      return { id: parsed.id, tick: parsed.payload.data.tick };
    });
  }
}

function setup() {
  const topics = new Topics();
  const hub = new FanoutHub({ schema, formatError: (e) => ({ message: e.message }) });
  hub.attach(topics);
  const join = (socket: FakeSocket, subscriptionId: string) => {
    const request: JoinRequest = {
      channel: 'c',
      socket,
      subscriptionId,
      document,
      documentKey: source,
      operationName: null,
      variables: null,
      visibility: 'ADMIN',
      contextValue: {},
    };
    return hub.join(request);
  };
  return { topics, hub, join, socket: () => new FakeSocket(topics) };
}

describe('fan-out hub', async () => {
  it('sends to a subscriber whose id nobody else uses directly, without a uWS topic', async () => {
    const { topics, hub, join, socket } = setup();
    const a = socket();
    const b = socket();
    join(a, 'id-a');
    join(b, 'id-b');
    hub.publish('c', { tick: 1 });
    await hub.flushed();
    assert.deepEqual(a.ticks(), [{ id: 'id-a', tick: 1 }]);
    assert.deepEqual(b.ticks(), [{ id: 'id-b', tick: 1 }]);
    assert.equal(topics.members.size, 0);
    assert.equal(topics.publishes, 0);
  });

  it('publishes once to the topic of an id two subscribers share', async () => {
    const { topics, hub, join, socket } = setup();
    const a = socket();
    const b = socket();
    join(a, '1');
    join(b, '1');
    hub.publish('c', { tick: 7 });
    await hub.flushed();
    assert.equal(topics.publishes, 1);
    assert.deepEqual(a.ticks(), [{ id: '1', tick: 7 }]);
    assert.deepEqual(b.ticks(), [{ id: '1', tick: 7 }]);
    assert.equal(a.directSends + b.directSends, 0);
  });

  it('keeps delivering to the rest when sharers of an id leave, and stops at the last', async () => {
    const { topics, hub, join, socket } = setup();
    const a = socket();
    const b = socket();
    const c = socket();
    const ma = join(a, '1');
    const mb = join(b, '1');
    join(c, '1');
    ma.leave();
    mb.leave();
    mb.leave();
    hub.publish('c', { tick: 2 });
    await hub.flushed();
    assert.deepEqual(a.ticks(), []);
    assert.deepEqual(b.ticks(), []);
    assert.deepEqual(c.ticks(), [{ id: '1', tick: 2 }]);
    assert.equal(hub.subscriberCount('c'), 1);
    assert.equal(topics.members.size, 1);
  });

  it('forgets the channel when its last subscriber leaves', async () => {
    const { topics, hub, join, socket } = setup();
    const membership = join(socket(), 'x');
    membership.leave();
    assert.equal(hub.hasSubscribers('c'), false);
    assert.equal(hub.subscriberCount('c'), 0);
    hub.publish('c', { tick: 3 });
    await hub.flushed();
    assert.equal(hub.publishedFrames, 0);
    assert.equal(topics.members.size, 0);
  });

  it('hands frames over on the next turn, after the caller is done, in the order asked', async () => {
    const { hub, join, socket } = setup();
    const a = socket();
    join(a, 'id-a');
    hub.publish('c', { tick: 1 });
    hub.publish('c', { tick: 2 });
    assert.deepEqual(a.ticks(), []);
    await hub.flushed();
    assert.deepEqual(
      a.ticks().map((t) => t.tick),
      [1, 2],
    );
  });

  it('sends a new subscriber its snapshot after the events queued before it', async () => {
    const { hub, socket } = setup();
    const a = socket();
    hub.publish('c', { tick: 1 });
    const request = {
      channel: 'c',
      socket: a,
      subscriptionId: 'late',
      document,
      documentKey: source,
      operationName: null,
      variables: null,
      visibility: 'ADMIN',
      contextValue: {},
    };
    hub.join(request);
    hub.sendOnce(request, { tick: 2 }, (frame) => a.send(frame));
    await hub.flushed();
    assert.deepEqual(
      a.ticks().map((t) => t.tick),
      [1, 2],
    );
  });

  it('counts one handed-over frame per distinct id', async () => {
    const { hub, join, socket } = setup();
    join(socket(), '1');
    join(socket(), '1');
    join(socket(), 'solo');
    hub.publish('c', { tick: 4 });
    await hub.flushed();
    assert.equal(hub.publishedFrames, 2);
  });
});
