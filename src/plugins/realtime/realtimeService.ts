// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The realtime core: who is connected, what they subscribe to, who is watching and editing what,
 * and which domain events reach which channel. The graphql-ws endpoint (graphqlWsEndpoint.ts)
 * feeds it connections and subscriptions; Subscription resolvers (realtimeSchema.ts) ask it for
 * streams; the fan-out hub delivers.
 */
import type { ServiceStatusChangedEvent } from '../../core/coreEvents.js';
import type { DocumentNode } from 'graphql';
import type { ClientInfo } from '../../core/auth/authService.js';
import { authorize, can, placeGate, type Action, type Viewer } from '../../core/auth/roles.js';
import type { SessionStore } from '../../core/auth/sessionStore.js';
import { isSessionOpen } from '../../core/auth/sessionStore.js';
import type { Clock, TimerHandle } from '../../platform/scheduler/index.js';
import { AppError, ErrorCode, toCloseCode } from '../../platform/errors/catalog.js';
import type { DomainEvent } from '../../platform/events/domainEvents.js';
import type { NamedStream } from '../../platform/modules/module.js';
import type { Logger } from '../../platform/log/logger.js';
import type { UserDirectory } from '../../core/people/userDirectory.js';
import { channels, nodeAncestry, parentPath } from './channels.js';
import { ConnectionRegistry, type ClientSocket, type RealtimeConnection } from './connections.js';
import { lockRefusal, lockTtlMs, type EditLock, type LocksPayload } from './editLocks.js';
import type { EntityType, EntityTypeRegistry } from '../../platform/modules/entityTypes.js';
import { assertFieldName, entityKey } from './entityFields.js';
import type { FanoutHub, JoinRequest } from './fanoutHub.js';
import { nodeCountsChannel, type NodeCountsFeed } from './nodeCountsFeed.js';
import { pendingStream, type Leavable } from './pendingStream.js';
import type { PluginOwnership } from '../../platform/modules/pluginGate.js';
import { PluginStreams, type PluginCheck } from './pluginStreams.js';
import type { ViewersPayload } from './presence.js';
import { LocalPresenceStore, type PresenceChange, type PresenceStore } from './presenceStore.js';

/** What a Subscription resolver knows about the subscription it serves (set by the endpoint). */
export interface SubscriptionScope extends PluginOwnership {
  readonly connection: RealtimeConnection;
  readonly subscriptionId: string;
  readonly document: DocumentNode;
  readonly documentKey: string;
  readonly operationName: string | null;
  readonly variables: Readonly<Record<string, unknown>> | null;
}

/** How often connections are re-checked against their session (it expires by the clock, with no event). */
export const SWEEP_INTERVAL_MS = 1000;

export interface RealtimeServiceDeps {
  readonly hub: FanoutHub;
  readonly entityTypes: EntityTypeRegistry;
  readonly sessions: SessionStore;
  readonly users: UserDirectory;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The GraphQL context payloads execute with for this viewer. */
  readonly contextFor: (viewer: Viewer) => unknown;
  /** Entity event data as a viewer may see it (the policy nulls protected fields of the record it carries). */
  readonly redactEntityData?: (viewer: Viewer | null, entityType: string, data: unknown) => unknown;
  /** The plugin gate: subscriptions a plugin owns end, with its refusal, once it throws for that plugin. */
  readonly plugins?: PluginCheck;
  /** Every module's named streams (`ModuleKit.streams`). */
  readonly streams?: readonly NamedStream<any>[];
  /** Where viewers and locks are kept: this process's memory by default; every instance's in cluster mode (natsPresenceStore.ts). */
  readonly presence?: PresenceStore;
  /** Coalesced per-node status counts (`nodeStatusCounts`); without it that subscription is refused. */
  readonly nodeCounts?: NodeCountsFeed;
}

type Visibility = 'shared' | 'personal';

export class RealtimeService {
  readonly connections = new ConnectionRegistry();
  /** Running subscriptions owned by plugins, ended when their plugin goes inactive. */
  readonly pluginStreams = new PluginStreams();
  /** Viewers and locks (presenceStore.ts). */
  private readonly store: PresenceStore;
  private unfollowPresence: (() => void) | undefined;
  private readonly roleContexts = new Map<string, unknown>();
  private sweeper: TimerHandle | undefined;
  /** One timer, for the earliest lock expiry it knows of (`lockTimerAt`); see armLockExpiry. */
  private lockTimer: TimerHandle | undefined;
  private lockTimerAt: number | null = null;

  private readonly streamsByField = new Map<string, NamedStream<any>>();
  private readonly streamsByEvent = new Map<string, NamedStream<any>[]>();

  constructor(private readonly deps: RealtimeServiceDeps) {
    this.store = deps.presence ?? new LocalPresenceStore();
    for (const stream of deps.streams ?? []) {
      this.streamsByField.set(stream.field, stream);
      this.streamsByEvent.set(stream.on, [...(this.streamsByEvent.get(stream.on) ?? []), stream]);
    }
  }

  // ---- connections -------------------------------------------------------------------------

  connect(viewer: Viewer, socket: ClientSocket, client: ClientInfo): RealtimeConnection {
    return this.connections.open(viewer, socket, client, this.deps.clock.now());
  }

  /** The connection closed: its session's locks go when it was the session's last connection. */
  disconnect(connection: RealtimeConnection): void {
    if (connection.closed) return;
    const lastOfSession = this.connections.forget(connection);
    if (lastOfSession) this.announceReleased(this.store.releaseSession(connection.viewer.sessionId));
  }

  // ---- subscriptions -----------------------------------------------------------------------

  serviceStatusStream(scope: SubscriptionScope, serviceId: string | null, nodePath: string | null): AsyncIterableIterator<never> {
    const viewer = authorize(scope.connection.viewer, 'service:read');
    if (serviceId !== null && nodePath !== null) throw new AppError(ErrorCode.BadRequest, 'give serviceId or nodePath, not both');
    if (serviceId !== null) {
      const type = this.deps.entityTypes.resolve('service', serviceId);
      authorize(viewer, 'service:read', type.placeOf?.(serviceId));
      return this.stream(scope, channels.serviceStatus(serviceId), 'shared', viewer);
    }
    if (nodePath !== null) return this.stream(scope, channels.serviceStatusUnder(cleanNodePath(nodePath)), 'shared', viewer);
    return this.stream(scope, channels.allServiceStatus, 'shared', viewer);
  }

  /**
   * Per-node status counts of a node and its children (the roots without a node), coalesced
   * (nodeCountsFeed.ts): the first frame is the current counts, then at most one frame per window.
   */
  nodeCountsStream(scope: SubscriptionScope, nodePath: string | null): AsyncIterableIterator<never> {
    const viewer = authorize(scope.connection.viewer, 'service:read');
    const feed = this.deps.nodeCounts;
    if (feed === undefined) throw new AppError(ErrorCode.BadRequest, 'node status counts are not served by this server');
    const path = nodePath === null ? null : cleanNodePath(nodePath);
    const request = this.joinRequest(scope, nodeCountsChannel(path), 'shared', viewer);
    const membership = this.deps.hub.join(request);
    const watching = feed.watch(path);
    let ended = false;
    setImmediate(() => {
      if (!ended) this.deps.hub.sendOnce(request, { nodeStatusCounts: feed.current(path) }, (frame) => scope.connection.socket.send(frame));
    });
    return this.owned(scope, {
      leave: () => {
        ended = true;
        watching.leave();
        membership.leave();
      },
    });
  }

  /** A module's named stream (`ProductModule.streams`): its `read` action checked, on its channel for this viewer. */
  namedStream(scope: SubscriptionScope, field: string): AsyncIterableIterator<never> {
    const stream = this.streamsByField.get(field);
    if (stream === undefined) throw new Error(`no module declares the stream ${field}`);
    const viewer = stream.read === undefined ? scope.connection.viewer : authorize(scope.connection.viewer, stream.read as Action);
    return this.stream(scope, stream.channel(viewer), stream.visibility, viewer);
  }

  entityStream(scope: SubscriptionScope, typeName: string, id: string): AsyncIterableIterator<never> {
    const { type, viewer } = this.watchable(scope, typeName, id);
    // Readers that differ per entity (a ticket's requester, assignee, group) are asked again for
    // every event (`audience` of publishEntityEvent), which needs each person's own payload group:
    // a shared group's context carries a role, not a person.
    return this.stream(scope, channels.entity(entityKey(typeName, id)), type.mayRead ? 'personal' : 'shared', viewer);
  }

  /** Watching an entity makes the person a viewer (`user:viewing`) until the subscription ends. */
  viewersStream(scope: SubscriptionScope, typeName: string, id: string): AsyncIterableIterator<never> {
    const { viewer } = this.watchable(scope, typeName, id);
    const key = entityKey(typeName, id);
    const token = this.store.watch(key, viewer.userId, viewer.username, this.deps.clock.now());
    const changed = this.store.isOnlyWatchOf(key, token);
    const request = this.joinRequest(scope, channels.viewers(key), 'shared', viewer);
    const membership = this.deps.hub.join(request);
    let ended = false;
    // After graphql-ws has registered the subscription: the first frame is the list with them in it.
    setImmediate(() => {
      if (ended) return;
      if (changed) this.publishViewers(typeName, id);
      else
        this.deps.hub.sendOnce(request, { entityViewersChanged: this.viewersOf(typeName, id) }, (frame) =>
          scope.connection.socket.send(frame),
        );
    });
    return this.owned(scope, {
      leave: () => {
        ended = true;
        membership.leave();
        if (this.store.unwatch(key, token)) this.publishViewers(typeName, id);
      },
    });
  }

  /** Lock changes of one entity; the first frame is the current locks. */
  locksStream(scope: SubscriptionScope, typeName: string, id: string): AsyncIterableIterator<never> {
    const { viewer } = this.watchable(scope, typeName, id);
    const request = this.joinRequest(scope, channels.locks(entityKey(typeName, id)), 'shared', viewer);
    const membership = this.deps.hub.join(request);
    let ended = false;
    setImmediate(() => {
      if (!ended)
        this.deps.hub.sendOnce(request, { editLockChanged: this.locksOf(typeName, id) }, (frame) => scope.connection.socket.send(frame));
    });
    return this.owned(scope, {
      leave: () => {
        ended = true;
        membership.leave();
      },
    });
  }

  /**
   * A subscription on a channel another capability owns and publishes to with `publishShared`
   * (agent commands): the payload is shared by everyone of a role, and `read` is checked here.
   */
  channelStream(scope: SubscriptionScope, channel: string, read: Action): AsyncIterableIterator<never> {
    const viewer = authorize(scope.connection.viewer, read);
    return this.stream(scope, channel, 'shared', viewer);
  }

  /** Publish `{subscriptionField: payload}` to a `channelStream` channel; nothing runs without subscribers. */
  publishShared(channel: string, root: Readonly<Record<string, unknown>>): void {
    if (this.deps.hub.hasSubscribers(channel)) this.deps.hub.publish(channel, root);
  }

  /** Subscribers listening on a channel (metrics, tests). */
  subscriberCount(channel: string): number {
    return this.deps.hub.subscriberCount(channel);
  }

  // ---- presence and locks ------------------------------------------------------------------

  viewersOf(typeName: string, id: string): ViewersPayload {
    const key = entityKey(typeName, id);
    const now = this.deps.clock.now();
    return {
      event: 'user:viewing',
      entityType: typeName,
      entityId: id,
      viewers: this.store.viewersOf(key).map((v) => ({ ...v, editing: this.store.isEditing(key, v.userId, now) })),
    };
  }

  locksOf(typeName: string, id: string): LocksPayload {
    return {
      event: 'user:editing',
      entityType: typeName,
      entityId: id,
      locks: this.store.locksOf(entityKey(typeName, id), this.deps.clock.now()),
    };
  }

  async acquireLock(viewer: Viewer, typeName: string, id: string, field: string, ttlSeconds: number | null): Promise<EditLock> {
    const key = this.editableEntity(viewer, typeName, id);
    const outcome = await this.store.acquire(key, assertFieldName(field), viewer, this.deps.clock.now(), lockTtlMs(ttlSeconds));
    if (!outcome.ok) throw lockRefusal(typeName, id, field, outcome);
    this.announceLocks([key]);
    this.armLockExpiry(outcome.lock.expiresAt);
    return outcome.lock;
  }

  async renewLock(viewer: Viewer, typeName: string, id: string, field: string, ttlSeconds: number | null): Promise<EditLock> {
    const key = this.editableEntity(viewer, typeName, id);
    const outcome = await this.store.renew(key, assertFieldName(field), viewer, this.deps.clock.now(), lockTtlMs(ttlSeconds));
    if (!outcome.ok) throw lockRefusal(typeName, id, field, outcome);
    this.announceLocks([key]);
    this.armLockExpiry(outcome.lock.expiresAt);
    return outcome.lock;
  }

  async releaseLock(viewer: Viewer, typeName: string, id: string, field: string): Promise<boolean> {
    const key = this.editableEntity(viewer, typeName, id);
    const released = await this.store.release(key, assertFieldName(field), viewer.userId);
    if (released) this.announceLocks([key]);
    return released;
  }

  // ---- events ------------------------------------------------------------------------------

  /**
   * Plugins publish into the generic subscription of an entity (`entityEvents`). `place`: the node
   * path of the service the event is about; payload groups whose viewers may not see services there
   * hear nothing of it. `audience`: who may hear this event now (a ticket's readers after the
   * change), asked for every subscriber of a type with per-entity readers, so a person who lost
   * access (reassigned away, left the group) hears nothing more although the subscription stays.
   */
  publishEntityEvent(
    typeName: string,
    id: string,
    event: string,
    data: unknown,
    at: number,
    place?: string,
    audience?: (viewer: Viewer) => boolean,
  ): void {
    const channel = channels.entity(entityKey(typeName, id));
    if (!this.deps.hub.hasSubscribers(channel)) return;
    const inPlace = (viewer: Viewer | null) => place === undefined || placeGate(viewer)?.admits(place) !== false;
    const admit =
      place === undefined && audience === undefined
        ? undefined
        : (context: unknown) => {
            const { viewer } = context as { viewer: Viewer | null };
            return inPlace(viewer) && (audience === undefined || (viewer !== null && audience(viewer)));
          };
    // The data stays an object until each group executes: `entityDataText` shows it as that group may see it.
    this.deps.hub.publish(channel, { entityEvents: { event, entityType: typeName, entityId: id, at, data: data ?? null } }, admit);
  }

  /** The `data` text of an entity event for the viewer of a payload group. */
  entityDataText(viewer: Viewer | null, event: { readonly entityType: string; readonly data: unknown }): string {
    if (typeof event.data === 'string') return event.data;
    const redact = this.deps.redactEntityData;
    return JSON.stringify(redact ? redact(viewer, event.entityType, event.data) : event.data);
  }

  /** A committed domain event: what live subscribers hear of it (the realtime module subscribes this). */
  hear(event: DomainEvent): void {
    const named = this.streamsByEvent.get(event.type);
    if (named !== undefined) for (const stream of named) this.publishNamed(stream, event);
    switch (event.type) {
      case 'service.status_changed':
        this.deps.nodeCounts?.touched(event.service.path);
        this.onServiceStatus(event);
        return;
      case 'service.created':
      case 'service.deleted':
        this.deps.nodeCounts?.touched(event.service.path);
        return;
      case 'license.updated':
        this.endInactivePlugins();
        return;
      case 'session.ended':
        this.endSession(event.sessionId, `session ended (${event.reason}); sign in again`);
        return;
      case 'user.updated':
      case 'user.deleted':
        this.recheckUser(event.user.id);
        return;
      default:
        return;
    }
  }

  /** Starts the sweep of ended sessions (product time: src/platform/scheduler/clock.ts). */
  start(): void {
    this.sweeper = this.deps.clock.setRepeatingTimer(SWEEP_INTERVAL_MS, () => this.sweep());
    this.unfollowPresence = this.store.onRemoteChange((change) => this.onRemoteChange(change));
  }

  /** Stops the timers, and gives this instance's viewers and locks back to the store (cluster mode: deleted from NATS). */
  async stop(): Promise<void> {
    this.unfollowPresence?.();
    this.unfollowPresence = undefined;
    this.deps.nodeCounts?.stop();
    this.deps.clock.clearTimer(this.sweeper);
    this.deps.clock.clearTimer(this.lockTimer);
    this.sweeper = undefined;
    this.lockTimer = undefined;
    this.lockTimerAt = null;
    await this.store.stop();
  }

  /** Close connections whose session or person is no longer good (a session expires by the clock alone). */
  sweep(): void {
    for (const [connection, reason] of this.connections.failing(this.standingOf)) this.close(connection, reason);
    // A plugin that went inactive with no event announcing it (the clock passed a licence's expiry between timers).
    this.endInactivePlugins();
  }

  /** Ends the subscriptions of plugins the gate now refuses, in the hub's queue: events from before still reach them. */
  endInactivePlugins(): void {
    const { plugins } = this.deps;
    if (plugins && !this.pluginStreams.empty) this.deps.hub.inOrder(() => this.pluginStreams.endRefused(plugins, this.deps.logger));
  }

  /**
   * A lock's expiry is announced (`editLockChanged`, `entityViewersChanged`) at its instant, by the
   * injected clock: one timer for the earliest expiry known. A lock that expires earlier than the
   * timer re-arms it; a renewal or a release leaves it, and when it fires it drops what is due,
   * then arms for the next earliest lock (a scan of the live locks, which are few).
   */
  private armLockExpiry(expiresAt: number): void {
    if (this.lockTimerAt !== null && this.lockTimerAt <= expiresAt) return;
    const { clock } = this.deps;
    clock.clearTimer(this.lockTimer);
    this.lockTimerAt = expiresAt;
    this.lockTimer = clock.setTimer(expiresAt - clock.now(), () => {
      this.lockTimer = undefined;
      this.lockTimerAt = null;
      this.announceLocks(this.store.expire(clock.now()));
      const next = this.store.nextExpiry();
      if (next !== null) this.armLockExpiry(next);
    });
  }

  // ---- internals ---------------------------------------------------------------------------

  private stream(scope: SubscriptionScope, channel: string, visibility: Visibility, viewer: Viewer): AsyncIterableIterator<never> {
    return this.owned(scope, this.deps.hub.join(this.joinRequest(scope, channel, visibility, viewer)));
  }

  /** The stream of a subscription; one a plugin owns (`scope.owners`) ends when the plugin goes inactive. */
  private owned(scope: SubscriptionScope, subscription: Leavable): AsyncIterableIterator<never> {
    return pendingStream(this.pluginStreams.own(scope, subscription));
  }

  /** An entity a person may watch: its type (whose plugin, if any, owns the subscription) and the viewer. */
  private watchable(scope: SubscriptionScope, typeName: string, id: string): { type: EntityType; viewer: Viewer } {
    const type = this.deps.entityTypes.resolve(typeName, id);
    const viewer = authorize(scope.connection.viewer, type.read, type.placeOf?.(id));
    this.deps.entityTypes.assertMayRead(type, viewer, typeName, id);
    if (type.plugin !== undefined) scope.owners.push(type.plugin);
    return { type, viewer };
  }

  private joinRequest(scope: SubscriptionScope, channel: string, visibility: Visibility, viewer: Viewer): JoinRequest {
    return {
      channel,
      socket: scope.connection.socket,
      subscriptionId: scope.subscriptionId,
      document: scope.document,
      documentKey: scope.documentKey,
      operationName: scope.operationName,
      variables: scope.variables,
      visibility: visibility === 'shared' ? sharedKey(viewer) : `user:${viewer.userId}`,
      contextValue: visibility === 'shared' ? this.sharedContext(viewer) : this.deps.contextFor(viewer),
    };
  }

  /**
   * A context with the role and the policy's access (the same for everyone of a role and set of
   * groups) but nobody's identity: shared payloads never carry self-only data.
   */
  private sharedContext(viewer: Viewer): unknown {
    const key = sharedKey(viewer);
    let context = this.roleContexts.get(key);
    if (context === undefined) {
      const { role, access } = viewer;
      context = this.deps.contextFor(
        access === undefined
          ? { userId: '', username: '', role, sessionId: '' }
          : { userId: '', username: '', role, sessionId: '', access },
      );
      if (this.roleContexts.size > 10_000) this.roleContexts.clear();
      this.roleContexts.set(key, context);
    }
    return context;
  }

  private editableEntity(viewer: Viewer, typeName: string, id: string): string {
    const type = this.deps.entityTypes.resolve(typeName, id);
    authorize(viewer, type.write);
    this.deps.entityTypes.assertMayRead(type, viewer, typeName, id);
    return entityKey(typeName, id);
  }

  /** Viewers or locks changed through another instance: announce them here, and arm for a lock's expiry. */
  private onRemoteChange(change: PresenceChange): void {
    const locks = new Set(change.locks);
    this.announceLocks(change.locks);
    for (const key of change.viewers) {
      if (locks.has(key)) continue;
      const [typeName, id] = splitKey(key);
      this.publishViewers(typeName, id);
    }
    if (change.locks.length > 0) {
      const next = this.store.nextExpiry();
      if (next !== null) this.armLockExpiry(next);
    }
  }

  /** Locks released in the store (a session's, a person's): announced once the store has answered. */
  private announceReleased(released: Promise<string[]>): void {
    released.then(
      (keys) => this.announceLocks(keys),
      (error: unknown) => this.deps.logger.warn('realtime: releasing locks failed; they expire by their time', { error: String(error) }),
    );
  }

  private announceLocks(keys: readonly string[]): void {
    for (const key of keys) {
      const [typeName, id] = splitKey(key);
      this.deps.hub.publish(channels.locks(key), { editLockChanged: this.locksOf(typeName, id) });
      this.publishViewers(typeName, id);
    }
  }

  private publishViewers(typeName: string, id: string): void {
    const channel = channels.viewers(entityKey(typeName, id));
    if (this.deps.hub.hasSubscribers(channel)) this.deps.hub.publish(channel, { entityViewersChanged: this.viewersOf(typeName, id) });
  }

  private onServiceStatus(event: ServiceStatusChangedEvent): void {
    const { hub } = this.deps;
    // Nobody subscribed on this instance (every instance hears every change in cluster mode): nothing to work out.
    if (hub.subscriptions === 0) return;
    const service = event.service;
    const targets = [
      channels.allServiceStatus,
      channels.serviceStatus(service.id),
      ...nodeAncestry(parentPath(service.path)).map(channels.serviceStatusUnder),
    ];
    const payload = {
      event: 'service:status_changed',
      serviceId: service.id,
      previousStatus: event.previousStatus,
      status: event.status,
      message: event.message,
      changedAt: event.at,
      origin: event.origin,
    };
    // Groups whose viewers may not read the service (environment access) hear nothing of it.
    const place = parentPath(service.path);
    const admit = (context: unknown) => can((context as { viewer: Viewer | null }).viewer, 'service:read', place);
    for (const channel of targets) if (hub.hasSubscribers(channel)) hub.publish(channel, { serviceStatusChanged: payload }, admit);
    this.publishEntityEvent(
      'service',
      service.id,
      'service:status_changed',
      { service, previousStatus: event.previousStatus, status: event.status, message: event.message },
      event.at,
    );
  }

  private publishNamed(stream: NamedStream<any>, event: DomainEvent): void {
    const out = stream.publish(event);
    if (out === undefined) return;
    if (this.deps.hub.hasSubscribers(out.channel)) this.deps.hub.publish(out.channel, { [stream.field]: out.payload });
    if (out.entity) this.publishEntityEvent(out.entity.type, out.entity.id, out.entity.event, out.payload, out.entity.at);
  }

  private endSession(sessionId: string, reason: string): void {
    for (const connection of this.connections.ofSession(sessionId)) this.close(connection, reason);
    this.announceReleased(this.store.releaseSession(sessionId));
  }

  private recheckUser(userId: string): void {
    for (const connection of this.connections.ofUser(userId)) {
      const problem = this.standing(connection.viewer);
      if (problem) this.close(connection, problem);
    }
    const user = this.deps.users.get(userId);
    if (!user?.active) this.announceReleased(this.store.releaseUser(userId));
  }

  /** Why this viewer may no longer hold a connection, or null. */
  private readonly standingOf = (viewer: Viewer): string | null => this.standing(viewer);

  private standing(viewer: Viewer): string | null {
    const session = this.deps.sessions.get(viewer.sessionId);
    if (!session || !isSessionOpen(session, this.deps.clock.now())) return 'session ended; sign in again';
    const user = this.deps.users.get(viewer.userId);
    if (!user?.active) return 'account deactivated or deleted';
    if (user.role !== viewer.role) return 'your role changed; reconnect to subscribe with it';
    return null;
  }

  private close(connection: RealtimeConnection, reason: string): void {
    if (connection.closed) return;
    this.deps.logger.info('realtime connection closed by the server', { user: connection.viewer.username, reason });
    connection.socket.close(toCloseCode(ErrorCode.Forbidden), `Forbidden: ${reason}`);
    this.disconnect(connection);
  }
}

/** A subscription's node path, trimmed of empty segments; a path that names no node is refused. */
function cleanNodePath(nodePath: string): string {
  const path = nodePath
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join('/');
  if (path === '' || path.length > 1536)
    throw new AppError(ErrorCode.BadRequest, 'nodePath must be a hierarchy path like "region/env/cluster"');
  return path;
}

/** An entity key's type name and id (entityFields.ts: `<type>:<id>`; the id may hold colons). */
function splitKey(key: string): [string, string] {
  const split = key.indexOf(':');
  return [key.slice(0, split), key.slice(split + 1)];
}

/** Who sees the same shared payload: everyone with the same policy access, or (engine off) the same role. */
function sharedKey(viewer: Viewer): string {
  return viewer.access === undefined ? `role:${viewer.role}` : `access:${viewer.access.key}`;
}
