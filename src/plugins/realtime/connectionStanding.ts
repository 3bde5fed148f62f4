/**
 * Whether an open connection may stay open, and closing it when not: its session ended or expired, its person
 * was deactivated or given another role. A closed connection gives back the viewers and locks its session held
 * when it was the session's last one, and an ended session or deactivated person gives back all of theirs. Its own
 * module because it is the server's side of a connection's life, apart from the subscriptions that run on it.
 */
import type { Viewer } from '../../core/auth/roles.js';
import type { SessionStore } from '../../core/auth/sessionStore.js';
import { isSessionOpen } from '../../core/auth/sessionStore.js';
import type { UserDirectory } from '../../core/people/userDirectory.js';
import { ErrorCode, toCloseCode } from '../../platform/errors/catalog.js';
import type { Logger } from '../../platform/log/logger.js';
import type { Clock } from '../../platform/scheduler/index.js';
import type { ConnectionRegistry, RealtimeConnection } from './connections.js';
import type { PresenceBoard } from './presenceBoard.js';

export interface ConnectionStandingDeps {
  readonly connections: ConnectionRegistry;
  readonly presence: PresenceBoard;
  readonly sessions: SessionStore;
  readonly users: UserDirectory;
  readonly clock: Clock;
  readonly logger: Logger;
}

export class ConnectionStanding {
  constructor(private readonly deps: ConnectionStandingDeps) {}

  /** The connection closed: its session's locks go when it was the session's last connection. */
  disconnect(connection: RealtimeConnection): void {
    if (connection.closed) return;
    const lastOfSession = this.deps.connections.forget(connection);
    if (lastOfSession) this.deps.presence.announceReleased(this.deps.presence.store.releaseSession(connection.viewer.sessionId));
  }

  /** Close connections whose session or person is no longer good (a session expires by the clock alone). */
  closeFailing(): void {
    for (const [connection, reason] of this.deps.connections.failing(this.standingOf)) this.close(connection, reason);
  }

  endSession(sessionId: string, reason: string): void {
    for (const connection of this.deps.connections.ofSession(sessionId)) this.close(connection, reason);
    this.deps.presence.announceReleased(this.deps.presence.store.releaseSession(sessionId));
  }

  recheckUser(userId: string): void {
    for (const connection of this.deps.connections.ofUser(userId)) {
      const problem = this.standing(connection.viewer);
      if (problem) this.close(connection, problem);
    }
    const user = this.deps.users.get(userId);
    if (!user?.active) this.deps.presence.announceReleased(this.deps.presence.store.releaseUser(userId));
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
