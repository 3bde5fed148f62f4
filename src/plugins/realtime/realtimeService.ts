// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The realtime core: who is connected, what they subscribe to, who is watching and editing what,
 * and which domain events reach which channel. The graphql-ws endpoint (graphqlWsEndpoint.ts)
 * feeds it connections and subscriptions; Subscription resolvers (realtimeSchema.ts) ask it for
 * streams; the fan-out hub delivers.
 */
import type { ServiceStatusChangedEvent } from '../../core/coreEvents.js';
import type { ClientInfo } from '../../core/auth/authService.js';
import { authorize, placeGate, type Action, type Viewer } from '../../core/auth/roles.js';
import type { SessionStore } from '../../core/auth/sessionStore.js';
import type { Clock, TimerHandle } from '../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { DomainEvent } from '../../platform/events/domainEvents.js';
import type { NamedStream } from '../../platform/modules/module.js';
import type { Logger } from '../../platform/log/logger.js';
import type { UserDirectory } from '../../core/people/userDirectory.js';
import { channels, cleanNodePath } from './channels.js';
import { publishServiceStatus } from './serviceStatusFanout.js';
import { ConnectionRegistry, type ClientSocket, type RealtimeConnection } from './connections.js';
import { ConnectionStanding } from './connectionStanding.js';
import type { EditLock, LocksPayload } from './editLocks.js';
import type { EntityType, EntityTypeRegistry } from '../../platform/modules/entityTypes.js';
import { entityKey } from './entityFields.js';
import type { FanoutHub } from './fanoutHub.js';
import { nodeCountsChannel, type NodeCountsFeed } from './nodeCountsFeed.js';
import { pendingStream, type Leavable } from './pendingStream.js';
import { PayloadGroups, type Visibility } from './payloadGroups.js';
import { PluginStreams, type PluginCheck } from './pluginStreams.js';
import type { ViewersPayload } from './presence.js';
import { PresenceBoard } from './presenceBoard.js';
import { LocalPresenceStore, type PresenceStore } from './presenceStore.js';
import type { SubscriptionScope } from './subscriptionScope.js';

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

export class RealtimeService {
  readonly connections = new ConnectionRegistry();
  /** Running subscriptions owned by plugins, ended when their plugin goes inactive. */
  readonly pluginStreams = new PluginStreams();
  /** Viewers and locks, and their announcements (presenceBoard.ts). */
  private readonly presence: PresenceBoard;
  /** Closes connections whose session or person no longer holds (connectionStanding.ts). */
  private readonly standing: ConnectionStanding;
  private readonly payloadGroups: PayloadGroups;
  private sweeper: TimerHandle | undefined;

  private readonly streamsByField = new Map<string, NamedStream<any>>();
  private readonly streamsByEvent = new Map<string, NamedStream<any>[]>();

  constructor(private readonly deps: RealtimeServiceDeps) {
    const { hub, clock, logger } = deps;
    this.presence = new PresenceBoard({ store: deps.presence ?? new LocalPresenceStore(), hub, clock, logger });
    const { connections, presence } = this;
    this.standing = new ConnectionStanding({ connections, presence, sessions: deps.sessions, users: deps.users, clock, logger });
    this.payloadGroups = new PayloadGroups(deps.contextFor);
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
    this.standing.disconnect(connection);
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
    const request = this.payloadGroups.joinRequest(scope, nodeCountsChannel(path), 'shared', viewer);
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
    const { store } = this.presence;
    const token = store.watch(key, viewer.userId, viewer.username, this.deps.clock.now());
    const changed = store.isOnlyWatchOf(key, token);
    const request = this.payloadGroups.joinRequest(scope, channels.viewers(key), 'shared', viewer);
    const membership = this.deps.hub.join(request);
    let ended = false;
    // After graphql-ws has registered the subscription: the first frame is the list with them in it.
    setImmediate(() => {
      if (ended) return;
      if (changed) this.presence.publishViewers(typeName, id);
      else
        this.deps.hub.sendOnce(request, { entityViewersChanged: this.viewersOf(typeName, id) }, (frame) =>
          scope.connection.socket.send(frame),
        );
    });
    return this.owned(scope, {
      leave: () => {
        ended = true;
        membership.leave();
        if (store.unwatch(key, token)) this.presence.publishViewers(typeName, id);
      },
    });
  }

  /** Lock changes of one entity; the first frame is the current locks. */
  locksStream(scope: SubscriptionScope, typeName: string, id: string): AsyncIterableIterator<never> {
    const { viewer } = this.watchable(scope, typeName, id);
    const request = this.payloadGroups.joinRequest(scope, channels.locks(entityKey(typeName, id)), 'shared', viewer);
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
    return this.presence.viewersOf(typeName, id);
  }

  locksOf(typeName: string, id: string): LocksPayload {
    return this.presence.locksOf(typeName, id);
  }

  async acquireLock(viewer: Viewer, typeName: string, id: string, field: string, ttlSeconds: number | null): Promise<EditLock> {
    this.mayEdit(viewer, typeName, id);
    return this.presence.acquire(viewer, typeName, id, field, ttlSeconds);
  }

  async renewLock(viewer: Viewer, typeName: string, id: string, field: string, ttlSeconds: number | null): Promise<EditLock> {
    this.mayEdit(viewer, typeName, id);
    return this.presence.renew(viewer, typeName, id, field, ttlSeconds);
  }

  async releaseLock(viewer: Viewer, typeName: string, id: string, field: string): Promise<boolean> {
    this.mayEdit(viewer, typeName, id);
    return this.presence.release(viewer, typeName, id, field);
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
        this.standing.endSession(event.sessionId, `session ended (${event.reason}); sign in again`);
        return;
      case 'user.updated':
      case 'user.deleted':
        this.standing.recheckUser(event.user.id);
        return;
      default:
        return;
    }
  }

  /** Starts the sweep of ended sessions (product time: src/platform/scheduler/clock.ts). */
  start(): void {
    this.sweeper = this.deps.clock.setRepeatingTimer(SWEEP_INTERVAL_MS, () => this.sweep());
    this.presence.start();
  }

  /** Stops the timers, and gives this instance's viewers and locks back to the store (cluster mode: deleted from NATS). */
  async stop(): Promise<void> {
    this.deps.nodeCounts?.stop();
    this.deps.clock.clearTimer(this.sweeper);
    this.sweeper = undefined;
    await this.presence.stop();
  }

  /** Close connections whose session or person is no longer good (a session expires by the clock alone). */
  sweep(): void {
    this.standing.closeFailing();
    // A plugin that went inactive with no event announcing it (the clock passed a licence's expiry between timers).
    this.endInactivePlugins();
  }

  /** Ends the subscriptions of plugins the gate now refuses, in the hub's queue: events from before still reach them. */
  endInactivePlugins(): void {
    const { plugins } = this.deps;
    if (plugins && !this.pluginStreams.empty) this.deps.hub.inOrder(() => this.pluginStreams.endRefused(plugins, this.deps.logger));
  }

  // ---- internals ---------------------------------------------------------------------------

  private stream(scope: SubscriptionScope, channel: string, visibility: Visibility, viewer: Viewer): AsyncIterableIterator<never> {
    return this.owned(scope, this.deps.hub.join(this.payloadGroups.joinRequest(scope, channel, visibility, viewer)));
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

  /** Refuses unless `viewer` may edit the entity (its type's write action, and reading it). */
  private mayEdit(viewer: Viewer, typeName: string, id: string): void {
    const type = this.deps.entityTypes.resolve(typeName, id);
    authorize(viewer, type.write);
    this.deps.entityTypes.assertMayRead(type, viewer, typeName, id);
  }

  private onServiceStatus(event: ServiceStatusChangedEvent): void {
    // Nobody subscribed on this instance (every instance hears every change in cluster mode): nothing to work out.
    if (this.deps.hub.subscriptions === 0) return;
    publishServiceStatus(this.deps.hub, event);
    this.publishEntityEvent(
      'service',
      event.service.id,
      'service:status_changed',
      { service: event.service, previousStatus: event.previousStatus, status: event.status, message: event.message },
      event.at,
    );
  }

  private publishNamed(stream: NamedStream<any>, event: DomainEvent): void {
    const out = stream.publish(event);
    if (out === undefined) return;
    if (this.deps.hub.hasSubscribers(out.channel)) this.deps.hub.publish(out.channel, { [stream.field]: out.payload });
    if (out.entity) this.publishEntityEvent(out.entity.type, out.entity.id, out.entity.event, out.payload, out.entity.at);
  }
}
