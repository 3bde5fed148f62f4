/**
 * Sign-in sessions (refresh-token families), in memory so every request checks its session in
 * O(1): revoking a session or deactivating its user stops its access tokens at once, not when
 * they expire. Written through the batch writer; a revocation is acknowledged after its commit.
 * Sessions that expire are kept as history in the database and dropped from memory lazily.
 */
import { CommittedMap } from '../fleet/committedMap.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { sessionsTable } from '../storage/peopleTables.js';
import { iso } from '../storage/tables.js';
import type { SessionEndReason, SessionTokens } from './refreshRotation.js';

export interface SessionRecord extends SessionTokens {
  readonly id: string;
  readonly userId: string;
  readonly createdAt: number;
  /** Last sign-in or refresh (not every request: that would be a write per request). */
  readonly lastUsedAt: number;
  readonly clientAddress: string | null;
  readonly userAgent: string | null;
}

export function sessionToRow(s: SessionRecord) {
  return {
    id: s.id,
    user_id: s.userId,
    current_token_id: s.currentTokenId,
    previous_token_id: s.previousTokenId,
    rotated_at: iso(s.rotatedAt),
    created_at: iso(s.createdAt),
    last_used_at: iso(s.lastUsedAt),
    expires_at: iso(s.expiresAt),
    ended_at: iso(s.endedAt),
    end_reason: s.endReason,
    client_address: s.clientAddress,
    user_agent: s.userAgent,
  };
}

export function isSessionOpen(session: SessionRecord, now: number): boolean {
  return session.endedAt === null && now < session.expiresAt;
}

export class SessionStore {
  private readonly sessions: CommittedMap<SessionRecord>;
  private readonly byUser = new Map<string, Set<string>>();

  constructor(writer: BatchWriter) {
    this.sessions = new CommittedMap(writer, sessionsTable, sessionToRow, (id, restored, discarded) => {
      if (discarded && !restored) this.byUser.get(discarded.userId)?.delete(id);
      if (restored) this.link(restored);
    });
  }

  load(session: SessionRecord): void {
    this.sessions.load(session.id, session);
    this.link(session);
  }

  /** A session another instance committed (undefined: its row went); see `CommittedMap.adopt`. */
  adopt(id: string, session: SessionRecord | undefined): void {
    const before = this.sessions.get(id);
    if (!this.sessions.adopt(id, session)) return;
    if (before && !session) this.byUser.get(before.userId)?.delete(id);
    if (session) this.link(session);
  }

  /** Memory only: the sessions of a user deleted on another instance (their rows went with it). */
  forgetSessionsOf(userId: string): void {
    for (const id of this.byUser.get(userId) ?? []) this.sessions.adopt(id, undefined);
    this.byUser.delete(userId);
  }

  get(id: string): SessionRecord | undefined {
    return this.sessions.get(id);
  }

  /** The user's sessions that are still open, newest first; expired ones are dropped from memory. */
  openSessionsOf(userId: string, now: number): SessionRecord[] {
    const out: SessionRecord[] = [];
    for (const id of this.byUser.get(userId) ?? []) {
      const session = this.sessions.get(id);
      if (session && isSessionOpen(session, now)) out.push(session);
    }
    return out.sort((a, b) => b.createdAt - a.createdAt);
  }

  put(session: SessionRecord): void {
    this.sessions.set(session.id, session);
    this.link(session);
  }

  end(id: string, reason: SessionEndReason, at: number): SessionRecord | undefined {
    const session = this.sessions.get(id);
    if (!session || session.endedAt !== null) return undefined;
    const ended = { ...session, endedAt: at, endReason: reason };
    this.sessions.set(id, ended);
    return ended;
  }

  /** Ends every open session of the user except `keep`; returns how many ended. */
  endAllOf(userId: string, reason: SessionEndReason, at: number, keep: string | null = null): number {
    let ended = 0;
    for (const session of this.openSessionsOf(userId, at)) {
      if (session.id === keep) continue;
      this.end(session.id, reason, at);
      ended += 1;
    }
    return ended;
  }

  /** Memory only: the rows go with the deleted user (cascade). */
  forgetUser(userId: string): void {
    this.byUser.delete(userId);
  }

  /** Drop the user's sessions that can no longer be used from memory (the rows stay as history). */
  prune(userId: string, now: number): void {
    const ids = this.byUser.get(userId);
    if (!ids) return;
    for (const id of ids) {
      const session = this.sessions.get(id);
      if (session && isSessionOpen(session, now)) continue;
      // An ended session with its end not yet committed stays until a later prune.
      if (!session || this.sessions.evict(id)) ids.delete(id);
    }
    if (ids.size === 0) this.byUser.delete(userId);
  }

  /** Drop every session that can no longer be used from memory; returns how many went. */
  pruneAll(now: number): number {
    let pruned = 0;
    for (const userId of [...this.byUser.keys()]) {
      const before = this.byUser.get(userId)!.size;
      this.prune(userId, now);
      pruned += before - (this.byUser.get(userId)?.size ?? 0);
    }
    return pruned;
  }

  private link(session: SessionRecord): void {
    let ids = this.byUser.get(session.userId);
    if (!ids) this.byUser.set(session.userId, (ids = new Set()));
    ids.add(session.id);
  }
}
