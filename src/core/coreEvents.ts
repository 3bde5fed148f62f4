/**
 * The core's domain events: services, backups, people, sessions and agent commands, published on the
 * event bus after the change that caused them is committed (src/platform/events). Declared here, in
 * the core, by augmenting the platform's `DomainEventMap` as every plugin declares its own.
 */
import type { AgentCommand, AgentCommandStatus } from './domain/agentCommand.js';
import type { BackupStatus, ServiceStatus } from './domain/service.js';
import type { Origin } from '../platform/events/domainEvents.js';

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

/**
 * A report arrived while a maintenance window shows the service as MAINTENANCE: the status and
 * message it reported, held by the service's actor until the window ends (src/core/services/serviceMaintenance.ts).
 * Staged handlers keep it with the window (the SLA plugin), so a restart ends the window on it.
 */
export interface ServiceReportHeldEvent {
  readonly type: 'service.report_held';
  readonly service: ServiceRef;
  readonly windowId: string;
  readonly status: ServiceStatus;
  readonly message: string | null;
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

/** A registration or update changed whether the service expects backups, or their maximum age. */
export interface ServiceBackupPolicyChangedEvent {
  readonly type: 'service.backup_policy_changed';
  readonly service: ServiceRef;
  readonly expected: boolean;
  readonly maxAgeDays: number | null;
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

declare module '../platform/events/domainEvents.js' {
  interface DomainEventMap {
    'service.status_changed': ServiceStatusChangedEvent;
    'service.created': ServiceCreatedEvent;
    'service.report_held': ServiceReportHeldEvent;
    'service.deleted': ServiceDeletedEvent;
    'backup.recorded': BackupRecordedEvent;
    'service.backup_policy_changed': ServiceBackupPolicyChangedEvent;
    'user.created': UserChangedEvent;
    'user.updated': UserChangedEvent;
    'user.deleted': UserChangedEvent;
    'session.ended': SessionEndedEvent;
    'agent.command_queued': AgentCommandQueuedEvent;
    'agent.command_updated': AgentCommandUpdatedEvent;
  }
}
