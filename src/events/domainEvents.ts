/**
 * Domain events: what happened, published on the event bus after the change that caused it is
 * committed. Later capabilities (subscriptions, webhooks, notifications, SLA) subscribe to these.
 */
import type { AgentCommand, AgentCommandStatus } from '../domain/agentCommand.js';
import type { BackupStatus, ServiceStatus } from '../domain/service.js';

/** Who caused a change; hydration is never written back and a sender is not echoed. */
export type Origin = 'api' | 'agent' | 'hydrate' | 'worker' | 'timer';

export interface ServiceRef {
  readonly id: string;
  readonly name: string;
  /** The service's full path in the hierarchy: its node path and name (its `externalId`). */
  readonly path: string;
}

export interface ServiceStatusChangedEvent {
  readonly type: 'service.status_changed';
  readonly service: ServiceRef;
  readonly previousStatus: ServiceStatus;
  readonly status: ServiceStatus;
  readonly message: string | null;
  /** Epoch ms. */
  readonly at: number;
  readonly origin: Origin;
}

export interface ServiceCreatedEvent {
  readonly type: 'service.created';
  readonly service: ServiceRef;
  readonly at: number;
  readonly origin: Origin;
}

export interface ServiceDeletedEvent {
  readonly type: 'service.deleted';
  readonly service: ServiceRef;
  readonly at: number;
  readonly origin: Origin;
}

export interface BackupRecordedEvent {
  readonly type: 'backup.recorded';
  readonly service: ServiceRef;
  readonly status: BackupStatus;
  readonly sizeBytes: number | null;
  readonly message: string | null;
  readonly at: number;
  readonly origin: Origin;
}

export interface UserRef {
  readonly id: string;
  readonly username: string;
}

/** `user.created` and `user.updated` are outgoing webhook events (SPEC.md); deletion and deactivation end sessions. */
export interface UserChangedEvent {
  readonly type: 'user.created' | 'user.updated' | 'user.deleted';
  readonly user: UserRef;
  /** Names of the fields that changed (`user.updated`). */
  readonly fields: readonly string[];
  readonly at: number;
  readonly origin: Origin;
}

/** A sign-in session ended: live connections of that session close (realtime issue). */
export interface SessionEndedEvent {
  readonly type: 'session.ended';
  readonly sessionId: string;
  readonly userId: string;
  readonly reason: string;
  readonly at: number;
  readonly origin: Origin;
}

/** The licence or a plugin switch changed (SPEC.md core event `license:updated`). */
export interface LicenseUpdatedEvent {
  readonly type: 'license.updated';
  readonly reason: 'activated' | 'expired' | 'plugin-toggled';
  readonly customer: string | null;
  /** Plugins active after the change. */
  readonly activePlugins: readonly string[];
  readonly at: number;
  readonly origin: Origin;
}

/** An in-app notification for one person (SPEC.md `notification:new`, webhook `notification.created`). */
export interface NotificationRef {
  readonly id: string;
  readonly userId: string;
  /** What the notification is about, e.g. `service.down`; plugins add their own kinds. */
  readonly type: string;
  readonly title: string;
  readonly message: string;
  readonly entityType: string | null;
  readonly entityId: string | null;
  /** ISO 8601. */
  readonly createdAt: string;
}

export interface NotificationCreatedEvent {
  readonly type: 'notification.created';
  readonly notification: NotificationRef;
  readonly at: number;
  readonly origin: Origin;
}

/** A person queued a command for an agent. `command` is the command as queued. */
export interface AgentCommandQueuedEvent {
  readonly type: 'agent.command_queued';
  readonly command: AgentCommand;
  readonly at: number;
  readonly origin: Origin;
}

/**
 * A command's status moved (delivered, succeeded, failed, expired, cancelled); `command` is the
 * command after the move. Origin: `agent` (heartbeat, command-result), `api` (a person cancelled),
 * `timer` (expired).
 */
export interface AgentCommandUpdatedEvent {
  readonly type: 'agent.command_updated';
  readonly command: AgentCommand;
  readonly previousStatus: AgentCommandStatus;
  readonly at: number;
  readonly origin: Origin;
}

export type DomainEvent =
  | ServiceStatusChangedEvent
  | ServiceCreatedEvent
  | ServiceDeletedEvent
  | BackupRecordedEvent
  | UserChangedEvent
  | SessionEndedEvent
  | LicenseUpdatedEvent
  | NotificationCreatedEvent
  | AgentCommandQueuedEvent
  | AgentCommandUpdatedEvent;
export type DomainEventType = DomainEvent['type'];
