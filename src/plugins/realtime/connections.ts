/**
 * Open graphql-ws connections by session and person, so an ended session or a deactivated person
 * loses their live connections at once, and a periodic check catches whatever no event announced
 * (a session that simply expired).
 */
import type { ClientInfo } from '../../core/auth/authService.js';
import type { Viewer } from '../../core/auth/roles.js';
import type { TopicSocket } from './fanoutHub.js';

/** A client's socket as the realtime core sees it (adapted from uWS in the gateway). */
export interface ClientSocket extends TopicSocket {
  /** One frame to this client only (initial snapshots). */
  send(frame: string): void;
  /** Close with a graphql-ws close code and a reason the client can act on. */
  close(code: number, reason: string): void;
}

export interface RealtimeConnection {
  readonly id: number;
  readonly viewer: Viewer;
  readonly socket: ClientSocket;
  /** Address and user agent, for the context of its subscriptions. */
  readonly client: ClientInfo;
  readonly openedAt: number;
  closed: boolean;
}

const NONE: ReadonlyArray<readonly [RealtimeConnection, string]> = Object.freeze([]);

export class ConnectionRegistry {
  private readonly bySession = new Map<string, Set<RealtimeConnection>>();
  private readonly byUser = new Map<string, Set<RealtimeConnection>>();
  private nextId = 1;

  open(viewer: Viewer, socket: ClientSocket, client: ClientInfo, now: number): RealtimeConnection {
    // Connections of one session (tabs, a dashboard wall) share their viewer and client records.
    const sibling = this.bySession.get(viewer.sessionId)?.values().next().value as RealtimeConnection | undefined;
    const sameViewer =
      sibling &&
      sibling.viewer.userId === viewer.userId &&
      sibling.viewer.role === viewer.role &&
      sibling.viewer.username === viewer.username;
    const sameClient = sibling && sibling.client.address === client.address && sibling.client.userAgent === client.userAgent;
    const connection: RealtimeConnection = {
      id: this.nextId++,
      viewer: sameViewer ? sibling.viewer : viewer,
      socket,
      client: sameClient ? sibling.client : client,
      openedAt: now,
      closed: false,
    };
    add(this.bySession, viewer.sessionId, connection);
    add(this.byUser, viewer.userId, connection);
    return connection;
  }

  /** Forget a closed connection; true when it was the last one of its session. */
  forget(connection: RealtimeConnection): boolean {
    connection.closed = true;
    remove(this.byUser, connection.viewer.userId, connection);
    return remove(this.bySession, connection.viewer.sessionId, connection);
  }

  ofSession(sessionId: string): RealtimeConnection[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  ofUser(userId: string): RealtimeConnection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /**
   * Every connection whose viewer record `problem` objects to, with the objection. Each record is
   * asked once (the connections of a session share it), and nothing is allocated while all is
   * well: this runs every second over every open connection, and garbage made there would keep
   * V8 from ever finding the process idle enough to give memory back.
   */
  failing(problem: (viewer: Viewer) => string | null): ReadonlyArray<readonly [RealtimeConnection, string]> {
    let failing: Array<readonly [RealtimeConnection, string]> | undefined;
    for (const connections of this.bySession.values()) {
      let asked: Viewer | undefined;
      let verdict: string | null = null;
      for (const connection of connections) {
        if (connection.viewer !== asked) {
          asked = connection.viewer;
          verdict = problem(asked);
        }
        if (verdict !== null) (failing ??= []).push([connection, verdict]);
      }
    }
    return failing ?? NONE;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }
}

function add(map: Map<string, Set<RealtimeConnection>>, key: string, connection: RealtimeConnection): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(connection);
}

/** Returns true when the key has no connection left. */
function remove(map: Map<string, Set<RealtimeConnection>>, key: string, connection: RealtimeConnection): boolean {
  const set = map.get(key);
  if (!set) return false;
  set.delete(connection);
  if (set.size > 0) return false;
  map.delete(key);
  return true;
}
