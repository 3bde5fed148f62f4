/**
 * One-time password reset tokens. An admin asks for one (`resetPassword`) and hands it to the
 * person, who sets a new password with it (`setPasswordWithToken`). Only a SHA-256 of the token is
 * stored; a token works once, for a day.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CommittedMap } from '../fleet/committedMap.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { passwordResetTokensTable } from '../storage/peopleTables.js';
import { iso } from '../storage/tables.js';

export const RESET_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface ResetTokenRecord {
  readonly id: string;
  readonly userId: string;
  readonly tokenHash: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly usedAt: number | null;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export class PasswordResets {
  private readonly tokens: CommittedMap<ResetTokenRecord>;
  private readonly byHash = new Map<string, string>();

  constructor(
    writer: BatchWriter,
    private readonly newId: () => string,
  ) {
    this.tokens = new CommittedMap(
      writer,
      passwordResetTokensTable,
      (t) => ({
        id: t.id,
        user_id: t.userId,
        token_hash: t.tokenHash,
        created_at: iso(t.createdAt),
        expires_at: iso(t.expiresAt),
        used_at: iso(t.usedAt),
      }),
      (_id, restored, discarded) => {
        if (discarded && !restored) this.byHash.delete(discarded.tokenHash);
        if (restored) this.byHash.set(restored.tokenHash, restored.id);
      },
    );
  }

  load(record: ResetTokenRecord): void {
    this.tokens.load(record.id, record);
    this.byHash.set(record.tokenHash, record.id);
  }

  /** A reset token another instance committed (undefined: its row went); see `CommittedMap.adopt`. */
  adopt(id: string, record: ResetTokenRecord | undefined): void {
    const before = this.tokens.get(id);
    if (!this.tokens.adopt(id, record)) return;
    if (before) this.byHash.delete(before.tokenHash);
    if (record) this.byHash.set(record.tokenHash, record.id);
  }

  /** A new token for the user; earlier unused tokens of that user stop working. */
  issue(userId: string, at: number): { token: string; expiresAt: number } {
    for (const record of this.tokens.values()) {
      if (record.userId === userId && record.usedAt === null) this.tokens.set(record.id, { ...record, usedAt: at });
    }
    const token = randomBytes(32).toString('base64url');
    const record: ResetTokenRecord = {
      id: this.newId(),
      userId,
      tokenHash: digest(token),
      createdAt: at,
      expiresAt: at + RESET_TOKEN_LIFETIME_MS,
      usedAt: null,
    };
    this.tokens.set(record.id, record);
    this.byHash.set(record.tokenHash, record.id);
    return { token, expiresAt: record.expiresAt };
  }

  /** The user a usable token belongs to, or null when it is unknown, used or expired. */
  userOf(token: string, at: number): string | null {
    return this.usable(token, at)?.userId ?? null;
  }

  /** Marks the token used; false when it is not usable (any more). */
  redeem(token: string, at: number): boolean {
    const record = this.usable(token, at);
    if (!record) return false;
    this.tokens.set(record.id, { ...record, usedAt: at });
    return true;
  }

  private usable(token: string, at: number): ResetTokenRecord | undefined {
    const id = this.byHash.get(digest(token));
    const record = id === undefined ? undefined : this.tokens.get(id);
    return record && record.usedAt === null && at < record.expiresAt ? record : undefined;
  }

  forgetUser(userId: string): void {
    for (const [hash, id] of this.byHash) if (this.tokens.get(id)?.userId === userId) this.byHash.delete(hash);
  }
}
