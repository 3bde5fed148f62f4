/**
 * Linking tickets: whoever may link both tickets links them with a typed relation and may unlink
 * them (the link shows on both). The rules (one relation per pair, no self-link, one parent, no
 * parent cycle) are checked inside the change, so two links sent together cannot both pass.
 * A ticket's relations list only the related tickets the viewer may read and that are not deleted.
 */
import type { Viewer } from '../../../core/auth/roles.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { TicketDirectory, TicketView } from '../ticketContract.js';
import { ticketIdOf } from './conversationInputs.js';
import { isRelationType, seenFrom, storedDirection, type RelationIndex, type RelationSeen } from './ticketRelations.js';

export interface TicketLinkingDeps {
  readonly tickets: TicketDirectory;
  readonly relations: RelationIndex;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly newId: () => string;
}

/** A relation as its ticket sees it, with the related ticket when the viewer may read it. */
export interface RelationView extends RelationSeen {
  readonly other: TicketView | null;
}

export class TicketLinking {
  constructor(private readonly deps: TicketLinkingDeps) {}

  async link(viewer: Viewer, sourceId: unknown, targetId: unknown, type: unknown): Promise<RelationView> {
    if (!isRelationType(type)) throw new AppError(ErrorCode.BadRequest, `type must be a ticket relation type, got ${String(type)}`);
    const [source, target] = await this.both(viewer, sourceId, targetId);
    const describe = (id: string) => (id === source.id ? source.number : target.number);
    return commitChange(this.deps, (at) => {
      this.deps.relations.check(source.id, target.id, type, describe);
      const stored = storedDirection(source.id, target.id, type);
      const record = { id: this.deps.newId(), ...stored, createdBy: viewer.userId, createdAt: at };
      this.deps.relations.add(record);
      return { ...seenFrom(record, source.id), other: target };
    });
  }

  async unlink(viewer: Viewer, sourceId: unknown, targetId: unknown): Promise<true> {
    const [source, target] = await this.both(viewer, sourceId, targetId);
    return commitChange(this.deps, () => {
      if (!this.deps.relations.remove(source.id, target.id))
        throw new AppError(ErrorCode.NotFound, `${source.number} and ${target.number} are not linked`);
      return true as const;
    });
  }

  async list(viewer: Viewer, ticketId: unknown): Promise<RelationView[]> {
    const ticket = await this.deps.tickets.authorize(viewer, ticketIdOf(ticketId), 'read');
    await this.deps.writer.settled();
    const out: RelationView[] = [];
    for (const relation of this.deps.relations.of(ticket.id)) {
      const other = await this.deps.tickets.find(relation.otherId);
      if (!other || other.deletedAt !== null || !this.deps.tickets.can(viewer, other, 'read')) continue;
      out.push({ ...relation, other });
    }
    return out;
  }

  /** Both tickets, when the viewer may link each (a self-link is refused before the second look-up). */
  private async both(viewer: Viewer, sourceId: unknown, targetId: unknown): Promise<[TicketView, TicketView]> {
    const source = await this.deps.tickets.authorize(viewer, ticketIdOf(sourceId, 'sourceId'), 'link');
    const targetKey = ticketIdOf(targetId, 'targetId');
    if (targetKey === source.id) throw new AppError(ErrorCode.BadRequest, 'a ticket cannot be linked to itself');
    return [source, await this.deps.tickets.authorize(viewer, targetKey, 'link')];
  }
}
