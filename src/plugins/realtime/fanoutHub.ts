/**
 * Fan-out of subscription events (DESIGN.md "Fan-out"). Subscribers of a channel are grouped by
 * what they asked for and what they may see: (channel, document, operation, variables,
 * visibility). An event runs the group's selection set ONCE and is serialized once; the graphql-ws
 * `next` frame differs between subscribers only by the client's subscription id. When clients use
 * the same id for the same subscription (a dashboard build does), they share one uWS topic and one
 * `publish` reaches all of them. An id only one subscriber uses (graphql-ws clients pick a random
 * id per subscription, so this is the usual case) gets the frame with a direct send on its
 * socket: a uWS topic per subscriber would cost native memory for each and a topic lookup per
 * frame, for nothing shared. Either way nothing is re-executed per subscriber.
 */
import { execute, type DocumentNode, type ExecutionResult, type GraphQLError, type GraphQLSchema } from 'graphql';
import type { Tracing } from '../../platform/tracing/tracing.js';

/** Where frames go: uWebSockets.js `app.publish` in the gateway. */
export interface TopicPublisher {
  publish(topic: string, frame: string): void;
}

/** The part of a client socket the hub uses. */
export interface TopicSocket {
  subscribe(topic: string): void;
  unsubscribe(topic: string): void;
  send(frame: string): void;
}

/**
 * Who uses one subscription id within a group: the one socket, sent to directly; or, from the
 * second subscriber on, how many sockets share the id's uWS topic (it stays a topic until the
 * last one leaves, so a socket never has to move between the two).
 */
type IdSubscribers = TopicSocket | number;

export interface JoinRequest {
  readonly channel: string;
  readonly socket: TopicSocket;
  readonly subscriptionId: string;
  readonly document: DocumentNode;
  /** Identifies the document (its source text); with the variables it keys the group. */
  readonly documentKey: string;
  readonly operationName: string | null;
  readonly variables: Readonly<Record<string, unknown>> | null;
  /** Who may see the same payload: a role for shared channels, a person for personal ones. */
  readonly visibility: string;
  /** The context payloads of this group are executed with (no per-person data for shared groups). */
  readonly contextValue: unknown;
}

export interface Group {
  readonly id: number;
  readonly key: string;
  readonly channel: string;
  readonly document: DocumentNode;
  readonly operationName: string | null;
  readonly variables: Readonly<Record<string, unknown>> | null;
  readonly contextValue: unknown;
  /**
   * Subscription id -> its subscribers. With random ids there is one entry per subscriber, so the
   * topic and frame prefix are built when publishing rather than kept.
   */
  readonly ids: Map<string, IdSubscribers>;
  members: number;
  /** Set while an asynchronous execution of this group runs, so events keep their order. */
  tail: Promise<void> | undefined;
}

export interface FanoutHubOptions {
  readonly schema: GraphQLSchema;
  /** Shapes errors in payloads the way the HTTP endpoint does (no internals). */
  readonly formatError: (error: GraphQLError) => unknown;
  readonly onExecutionFailure?: (error: unknown) => void;
  /** Runs on every executed payload before it is serialized (the policy's field filter, with the group's context). */
  readonly resultFilter?: (document: DocumentNode, operationName: string | null, context: unknown, result: ExecutionResult) => void;
  /** Tracing (src/platform/tracing): a `fan-out` span per event a recorded commit publishes. @default off */
  readonly tracing?: Tracing;
}

export class FanoutHub {
  private readonly channels = new Map<string, Set<Group>>();
  private readonly groups = new Map<string, Group>();
  private publisher: TopicPublisher | undefined;
  private nextGroupId = 1;
  private delivered = 0;
  private members = 0;
  private joined = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly options: FanoutHubOptions) {}

  /** Frames published before the gateway is listening go nowhere: there is nobody to receive them. */
  attach(publisher: TopicPublisher): void {
    this.publisher = publisher;
  }

  /** Add a subscriber; `leave()` on the result removes it (idempotent). */
  join(request: JoinRequest): Membership {
    const key = groupKey(request);
    let group = this.groups.get(key);
    if (!group) {
      group = {
        id: this.nextGroupId++,
        key,
        channel: request.channel,
        document: request.document,
        operationName: request.operationName,
        variables: request.variables,
        contextValue: request.contextValue,
        ids: new Map(),
        members: 0,
        tail: undefined,
      };
      this.groups.set(key, group);
      let groups = this.channels.get(request.channel);
      if (!groups) {
        groups = new Set();
        this.channels.set(request.channel, groups);
      }
      groups.add(group);
    }
    const { socket, subscriptionId } = request;
    const existing = group.ids.get(subscriptionId);
    if (existing === undefined) {
      group.ids.set(subscriptionId, socket);
    } else {
      const topic = topicOf(group, subscriptionId);
      if (typeof existing === 'number') {
        group.ids.set(subscriptionId, existing + 1);
      } else {
        existing.subscribe(topic);
        group.ids.set(subscriptionId, 2);
      }
      socket.subscribe(topic);
    }
    group.members += 1;
    this.members += 1;
    this.joined += 1;
    return new Membership(this, group, request.socket, request.subscriptionId);
  }

  /** @internal Membership.leave */
  depart(group: Group, socket: TopicSocket, subscriptionId: string): void {
    const entry = group.ids.get(subscriptionId);
    if (typeof entry === 'number') {
      socket.unsubscribe(topicOf(group, subscriptionId));
      if (entry > 1) group.ids.set(subscriptionId, entry - 1);
      else group.ids.delete(subscriptionId);
    } else if (entry === socket) {
      group.ids.delete(subscriptionId);
    }
    group.members -= 1;
    this.members -= 1;
    if (group.members > 0) return;
    this.groups.delete(group.key);
    const groups = this.channels.get(group.channel);
    groups?.delete(group);
    if (groups?.size === 0) this.channels.delete(group.channel);
  }

  hasSubscribers(channel: string): boolean {
    return this.channels.has(channel);
  }

  /** Subscribers on a channel (tests, metrics). */
  subscriberCount(channel: string): number {
    let n = 0;
    for (const group of this.channels.get(channel) ?? []) n += group.members;
    return n;
  }

  /** Subscriptions open now, over every channel (metrics). */
  get subscriptions(): number {
    return this.members;
  }

  /** Subscriptions started since start (metrics). */
  get subscriptionsStarted(): number {
    return this.joined;
  }

  /** Frames handed to uWS since start (one per topic publish or direct send). */
  get publishedFrames(): number {
    return this.delivered;
  }

  /**
   * Deliver an event to every subscriber of `channel`: `root` is the Subscription root value, e.g.
   * `{ serviceStatusChanged: {...} }`. Each group's selection runs once.
   *
   * The work is queued and runs on the next turn of the event loop, in the order it was asked
   * for: events are published by the batch writer's after-commit step, before the requests of
   * that commit are answered, and writing to many thousands of sockets takes long enough to delay
   * them (bench/README.md, fanout). Queued, the health
   * push that caused the event is answered first.
   */
  publish(channel: string, root: Readonly<Record<string, unknown>>, admit?: (contextValue: unknown) => boolean): void {
    const { tracing } = this.options;
    const parent = tracing?.enabled ? tracing.parent() : undefined;
    if (parent === undefined) {
      this.enqueue(() => this.publishNow(channel, root, admit));
      return;
    }
    // Traced (the commit that caused the event was recorded): the fan-out is a span of the commit's.
    this.enqueue(() => {
      const span = tracing!.batch('fan-out', [parent], { 'svc.fanout.channel': channel });
      const before = this.delivered;
      try {
        this.publishNow(channel, root, admit);
      } finally {
        span?.end({ 'svc.fanout.frames': this.delivered - before });
      }
    });
  }

  /**
   * One frame for one new subscriber only (the current state when it subscribes), executed with
   * its group's document and context; `send` writes it to that subscriber's socket. Queued behind
   * the events already queued, so a subscriber never gets an older event after a newer snapshot.
   */
  sendOnce(request: JoinRequest, root: Readonly<Record<string, unknown>>, send: (frame: string) => void): void {
    this.enqueue(() => this.sendOnceNow(request, root, send));
  }

  /**
   * Runs `task` in the hub's queue: after every frame queued so far is handed to uWS, before any
   * queued later (ending subscriptions: the events before the end reach them, none after it).
   */
  inOrder(task: () => void): void {
    this.enqueue(task);
  }

  /** Resolves once everything queued so far has been handed to uWS (tests). */
  flushed(): Promise<void> {
    return new Promise((resolve) => this.enqueue(resolve));
  }

  private enqueue(task: () => void): void {
    this.queue.push(task);
    if (this.queue.length === 1) setImmediate(() => this.drain());
  }

  private drain(): void {
    // Tasks queued while draining (an execution's follow-up) wait for the next turn.
    const tasks = this.queue.splice(0);
    for (const task of tasks) {
      try {
        task();
      } catch (error) {
        this.options.onExecutionFailure?.(error);
      }
    }
  }

  /** `admit`: asked once per group with its context; a group it refuses (the event is about a resource its viewers may not see) gets nothing. */
  private publishNow(channel: string, root: Readonly<Record<string, unknown>>, admit?: (contextValue: unknown) => boolean): void {
    const groups = this.channels.get(channel);
    if (!groups) return;
    for (const group of groups) {
      if (admit !== undefined && !admit(group.contextValue)) continue;
      // Resolvers are synchronous today; an asynchronous one queues later events behind it.
      const pending = group.tail ? group.tail.then(() => this.runGroup(group, root)) : this.runGroup(group, root);
      if (!pending) continue;
      const tail: Promise<void> = pending.then(() => {
        if (group.tail === tail) group.tail = undefined;
      });
      group.tail = tail;
    }
  }

  private sendOnceNow(request: JoinRequest, root: Readonly<Record<string, unknown>>, send: (frame: string) => void): void {
    const prefix = `{"id":${JSON.stringify(request.subscriptionId)},"type":"next","payload":`;
    const deliver = (result: ExecutionResult) => {
      this.options.resultFilter?.(request.document, request.operationName, request.contextValue, result);
      send(`${prefix}${this.serialize(result)}}`);
    };
    try {
      const result = execute({
        schema: this.options.schema,
        document: request.document,
        rootValue: root,
        contextValue: request.contextValue,
        variableValues: request.variables,
        operationName: request.operationName,
      });
      if (isPromise(result)) result.then(deliver, (error: unknown) => this.options.onExecutionFailure?.(error));
      else deliver(result);
    } catch (error) {
      this.options.onExecutionFailure?.(error);
    }
  }

  private runGroup(group: Group, root: Readonly<Record<string, unknown>>): Promise<void> | undefined {
    let result: ExecutionResult | Promise<ExecutionResult>;
    try {
      result = execute({
        schema: this.options.schema,
        document: group.document,
        rootValue: root,
        contextValue: group.contextValue,
        variableValues: group.variables,
        operationName: group.operationName,
      });
    } catch (error) {
      this.options.onExecutionFailure?.(error);
      return undefined;
    }
    if (isPromise(result)) {
      return result.then(
        (settled) => this.send(group, settled),
        (error: unknown) => this.options.onExecutionFailure?.(error),
      );
    }
    this.send(group, result);
    return undefined;
  }

  private send(group: Group, result: ExecutionResult): void {
    if (group.members === 0 || !this.publisher) return;
    this.options.resultFilter?.(group.document, group.operationName, group.contextValue, result);
    const payload = this.serialize(result);
    for (const [id, subscribers] of group.ids) {
      const frame = `{"id":${JSON.stringify(id)},"type":"next","payload":${payload}}`;
      if (typeof subscribers === 'number') this.publisher.publish(topicOf(group, id), frame);
      else subscribers.send(frame);
      this.delivered += 1;
    }
  }

  private serialize(result: ExecutionResult): string {
    return JSON.stringify(
      result.errors ? { data: result.data ?? null, errors: result.errors.map((e) => this.options.formatError(e)) } : { data: result.data },
    );
  }
}

/**
 * One subscriber's place in the hub. An object rather than a closure: one lives per open
 * subscription, so its size is part of what an idle subscriber costs.
 */
export class Membership {
  private left = false;

  constructor(
    private readonly hub: FanoutHub,
    private readonly group: Group,
    private readonly socket: TopicSocket,
    private readonly subscriptionId: string,
  ) {}

  leave(): void {
    if (this.left) return;
    this.left = true;
    this.hub.depart(this.group, this.socket, this.subscriptionId);
  }
}

/** The uWS topic of one subscription id within a group: every socket that used that id for it. */
function topicOf(group: Group, subscriptionId: string): string {
  return `g${group.id}:${subscriptionId}`;
}

function groupKey(request: JoinRequest): string {
  return [
    request.channel,
    request.visibility,
    request.operationName ?? '',
    request.variables ? JSON.stringify(request.variables) : '',
    request.documentKey,
  ].join('\u0000');
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown }).then === 'function';
}
