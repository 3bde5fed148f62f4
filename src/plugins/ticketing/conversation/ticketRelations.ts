/**
 * Typed relations between tickets, held in memory (hydrated at start) and kept equal to the
 * database through a CommittedMap, so the rules are checked synchronously and two links sent
 * together cannot both pass: one relation per pair of tickets, never a ticket with itself, at most
 * one parent per ticket and no parent cycle. A relation is stored once, in its active direction;
 * each side sees it from where it stands (A BLOCKS B is B BLOCKED_BY A).
 */
import { CommittedMap } from '../../../core/fleet/committedMap.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import { relationRow, ticketRelationsTable, type StoredRelationType, type TicketRelationRecord } from './conversationTables.js';

export const RELATION_TYPES = ['RELATES_TO', 'DUPLICATES', 'DUPLICATED_BY', 'BLOCKS', 'BLOCKED_BY', 'PARENT_OF', 'CHILD_OF'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

const INVERSE: Readonly<Record<RelationType, RelationType>> = {
  RELATES_TO: 'RELATES_TO',
  DUPLICATES: 'DUPLICATED_BY',
  DUPLICATED_BY: 'DUPLICATES',
  BLOCKS: 'BLOCKED_BY',
  BLOCKED_BY: 'BLOCKS',
  PARENT_OF: 'CHILD_OF',
  CHILD_OF: 'PARENT_OF',
};

export function inverseOf(type: RelationType): RelationType {
  return INVERSE[type];
}

export function isRelationType(value: unknown): value is RelationType {
  return typeof value === 'string' && (RELATION_TYPES as readonly string[]).includes(value);
}

/** The stored direction of "source `type` target": passive types swap the two ends. */
export function storedDirection(
  sourceId: string,
  targetId: string,
  type: RelationType,
): { sourceId: string; targetId: string; type: StoredRelationType } {
  switch (type) {
    case 'DUPLICATED_BY':
      return { sourceId: targetId, targetId: sourceId, type: 'DUPLICATES' };
    case 'BLOCKED_BY':
      return { sourceId: targetId, targetId: sourceId, type: 'BLOCKS' };
    case 'CHILD_OF':
      return { sourceId: targetId, targetId: sourceId, type: 'PARENT_OF' };
    default:
      return { sourceId, targetId, type };
  }
}

/** A relation as one of its tickets sees it. */
export interface RelationSeen {
  readonly id: string;
  readonly ticketId: string;
  readonly type: RelationType;
  /** The ticket at the other end. */
  readonly otherId: string;
  readonly createdBy: string | null;
  readonly createdAt: number;
}

export function seenFrom(record: TicketRelationRecord, ticketId: string): RelationSeen {
  const fromSource = record.sourceId === ticketId;
  return {
    id: record.id,
    ticketId,
    type: fromSource ? record.type : inverseOf(record.type),
    otherId: fromSource ? record.targetId : record.sourceId,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
  };
}

/** Longest parent chain followed when looking for a cycle (a deeper tree is refused as one). */
const MAX_DEPTH = 1000;

export class RelationIndex {
  private readonly records: CommittedMap<TicketRelationRecord>;
  /** ticket id -> other ticket id -> the relation of the pair. */
  private readonly byTicket = new Map<string, Map<string, TicketRelationRecord>>();

  constructor(writer: BatchWriter) {
    this.records = new CommittedMap(writer, ticketRelationsTable, relationRow, (_id, restored, discarded) => {
      if (discarded) this.unindex(discarded);
      if (restored) this.index(restored);
    });
  }

  load(record: TicketRelationRecord): void {
    this.records.load(record.id, record);
    this.index(record);
  }

  /** A relation another instance committed (cluster mode, docs/adr/0068; undefined: unlinked): nothing is written. */
  adopt(id: string, record: TicketRelationRecord | undefined): void {
    const before = this.records.get(id);
    this.records.adopt(id, record);
    const after = this.records.get(id);
    if (before === after) return;
    if (before) this.unindex(before);
    if (after) this.index(after);
  }

  /** The relations of a ticket, as it sees them, oldest first. */
  of(ticketId: string): RelationSeen[] {
    const mine = this.byTicket.get(ticketId);
    if (!mine) return [];
    return [...mine.values()].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id)).map((r) => seenFrom(r, ticketId));
  }

  between(a: string, b: string): TicketRelationRecord | undefined {
    return this.byTicket.get(a)?.get(b);
  }

  /** Throws the rule a new relation breaks (BAD_REQUEST, CONFLICT); nothing is staged. */
  check(sourceId: string, targetId: string, type: RelationType, describe: (id: string) => string): void {
    if (sourceId === targetId) throw new AppError(ErrorCode.BadRequest, 'a ticket cannot be linked to itself');
    const existing = this.between(sourceId, targetId);
    if (existing) {
      const seen = seenFrom(existing, sourceId);
      throw new AppError(
        ErrorCode.Conflict,
        `${describe(sourceId)} is already linked to ${describe(targetId)} (${seen.type}); unlink them first to change the relation`,
      );
    }
    const stored = storedDirection(sourceId, targetId, type);
    if (stored.type !== 'PARENT_OF') return;
    const parent = this.parentOf(stored.targetId);
    if (parent !== undefined)
      throw new AppError(
        ErrorCode.Conflict,
        `${describe(stored.targetId)} already has a parent, ${describe(parent)}; a ticket has at most one`,
      );
    let cursor: string | undefined = stored.sourceId;
    for (let depth = 0; cursor !== undefined; depth += 1) {
      if (cursor === stored.targetId || depth > MAX_DEPTH)
        throw new AppError(
          ErrorCode.Conflict,
          `${describe(stored.targetId)} is an ancestor of ${describe(stored.sourceId)}: the link would make a parent cycle`,
        );
      cursor = this.parentOf(cursor);
    }
  }

  /** Stages a relation that passed `check`; memory changes now and goes back if its commit fails. */
  add(record: TicketRelationRecord): void {
    this.records.set(record.id, record);
    this.index(record);
  }

  /** Stages the delete of the relation of the pair; false when there is none. */
  remove(a: string, b: string): TicketRelationRecord | undefined {
    const record = this.between(a, b);
    if (!record) return undefined;
    this.records.delete(record.id);
    this.unindex(record);
    return record;
  }

  private parentOf(ticketId: string): string | undefined {
    const mine = this.byTicket.get(ticketId);
    if (!mine) return undefined;
    for (const record of mine.values()) if (record.type === 'PARENT_OF' && record.targetId === ticketId) return record.sourceId;
    return undefined;
  }

  private index(record: TicketRelationRecord): void {
    this.side(record.sourceId).set(record.targetId, record);
    this.side(record.targetId).set(record.sourceId, record);
  }

  private unindex(record: TicketRelationRecord): void {
    for (const [a, b] of [
      [record.sourceId, record.targetId],
      [record.targetId, record.sourceId],
    ] as const) {
      const mine = this.byTicket.get(a);
      if (mine?.get(b)?.id !== record.id) continue;
      mine.delete(b);
      if (mine.size === 0) this.byTicket.delete(a);
    }
  }

  private side(ticketId: string): Map<string, TicketRelationRecord> {
    let mine = this.byTicket.get(ticketId);
    if (!mine) this.byTicket.set(ticketId, (mine = new Map()));
    return mine;
  }
}
