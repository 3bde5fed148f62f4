/**
 * Comments on tickets: added by a person who may comment (or by the system, with no author),
 * edited by their author (an admin may too; the edit time and editor are kept), deleted by their
 * author, an operator or an admin. A delete is hard: the text is gone, the audit trail keeps who
 * deleted which comment. Comments are not held in memory; a change to one comment reads the
 * committed row and runs after the previous change to that comment, so an edit that read the row
 * before a delete committed cannot write it back. `ticket.commented` is announced once an added
 * comment commits.
 */
import type { Knex } from 'knex';
import type { Viewer } from '../../../core/auth/roles.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { Origin } from '../../../platform/events/domainEvents.js';
import { emitOnCommit } from '../../../platform/events/emitOnCommit.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { TicketDirectory, TicketView } from '../ticketContract.js';
import { commentRow, rowToComment, ticketCommentsTable, type TicketComment } from './conversationTables.js';
import { commentBody, recordIdOf, ticketIdOf } from './conversationInputs.js';
import { Serializer } from './serializer.js';

export interface TicketCommentsDeps {
  readonly tickets: TicketDirectory;
  readonly knex: Knex;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly clock: Clock;
  readonly newId: () => string;
}

/** What `ticket.commented` carries beyond `{commentId}`: who wrote it and how it begins (notices, webhooks). */
export const EXCERPT_LENGTH = 280;

const isStaff = (viewer: Viewer) => viewer.role === 'admin' || viewer.role === 'operator';

export class TicketComments {
  private readonly serial = new Serializer();

  constructor(private readonly deps: TicketCommentsDeps) {}

  async add(viewer: Viewer, ticketId: unknown, body: unknown): Promise<TicketComment> {
    const text = commentBody(body);
    const ticket = await this.deps.tickets.authorize(viewer, ticketIdOf(ticketId), 'comment');
    return this.append(ticket, viewer.userId, text, 'api');
  }

  /** A comment with no human author (the SLA link's recovery note); the ticket must exist and not be deleted. */
  async addSystem(ticketId: string, text: string, origin: Origin): Promise<TicketComment> {
    const body = commentBody(text, 'text');
    const ticket = await this.deps.tickets.find(ticketIdOf(ticketId));
    if (!ticket || ticket.deletedAt !== null) throw new AppError(ErrorCode.NotFound, `no ticket ${ticketId} to comment on`);
    return this.append(ticket, null, body, origin);
  }

  async edit(viewer: Viewer, id: unknown, body: unknown): Promise<TicketComment> {
    const commentId = recordIdOf(id, 'comment');
    const text = commentBody(body);
    return this.serial.run(commentId, async () => {
      const comment = await this.find(commentId);
      await this.deps.tickets.authorize(viewer, comment.ticketId, 'comment');
      if (comment.authorId !== viewer.userId && viewer.role !== 'admin') {
        throw new AppError(
          ErrorCode.Forbidden,
          comment.authorId === null ? 'only an admin may edit a system comment' : 'only its author or an admin may edit a comment',
        );
      }
      if (comment.body === text) return comment;
      return commitChange(this.deps, (at) => {
        const edited: TicketComment = { ...comment, body: text, editedAt: at, editedBy: viewer.userId };
        this.deps.writer.upsert(ticketCommentsTable, commentRow(edited));
        return edited;
      });
    });
  }

  async delete(viewer: Viewer, id: unknown): Promise<true> {
    const commentId = recordIdOf(id, 'comment');
    return this.serial.run(commentId, async () => {
      const comment = await this.find(commentId);
      await this.deps.tickets.authorize(viewer, comment.ticketId, 'comment');
      if (comment.authorId !== viewer.userId && !isStaff(viewer))
        throw new AppError(ErrorCode.Forbidden, 'only its author, an operator or an admin may delete a comment');
      return commitChange(this.deps, () => {
        this.deps.writer.delete(ticketCommentsTable, { id: commentId });
        return true as const;
      });
    });
  }

  /** A ticket's comments, oldest first, and how many it has. */
  async list(viewer: Viewer, ticketId: unknown, page: Page): Promise<{ comments: TicketComment[]; total: number }> {
    const ticket = await this.deps.tickets.authorize(viewer, ticketIdOf(ticketId), 'read');
    await this.deps.writer.settled();
    const rows = await this.deps
      .knex('ticket_comments')
      .where({ ticket_id: ticket.id })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(page.limit)
      .offset(page.offset);
    const count = await this.deps
      .knex('ticket_comments')
      .where({ ticket_id: ticket.id })
      .count<{ count: string | number }[]>({ count: '*' })
      .first();
    return { comments: rows.map(rowToComment), total: Number(count?.count ?? 0) };
  }

  private append(ticket: TicketView, authorId: string | null, body: string, origin: Origin): Promise<TicketComment> {
    return commitChange(this.deps, (at) => {
      const comment: TicketComment = {
        id: this.deps.newId(),
        ticketId: ticket.id,
        authorId,
        body,
        createdAt: at,
        editedAt: null,
        editedBy: null,
      };
      this.deps.writer.upsert(ticketCommentsTable, commentRow(comment));
      emitOnCommit(this.deps.writer, this.deps.bus, {
        type: 'ticket.commented',
        ticket,
        actorId: authorId,
        detail: { commentId: comment.id, authorId, excerpt: excerptOf(body) },
        at,
        origin,
      });
      return comment;
    });
  }

  private async find(id: string): Promise<TicketComment> {
    await this.deps.writer.settled();
    const row = await this.deps.knex('ticket_comments').where({ id }).first();
    if (!row) throw new AppError(ErrorCode.NotFound, `no comment ${id}`);
    return rowToComment(row);
  }
}

/** The start of a comment for a notice or a webhook, cut at a whole character. */
export function excerptOf(body: string): string {
  const chars = Array.from(body.replace(/\s+/g, ' ').trim());
  return chars.length <= EXCERPT_LENGTH ? chars.join('') : `${chars.slice(0, EXCERPT_LENGTH - 1).join('')}…`;
}
