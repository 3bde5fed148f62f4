/**
 * Time logged on tickets: an entry per piece of work (minutes, an optional note, when it was done),
 * by a person who may log work on the ticket; deleted by its author, an operator or an admin. Not
 * held in memory; a delete reads the committed row first, one entry's changes run in turn.
 */
import type { Knex } from 'knex';
import type { Viewer } from '../../../core/auth/roles.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { TicketDirectory } from '../ticketContract.js';
import { rowToWorklog, ticketWorklogTable, worklogRow, type WorklogEntry } from './conversationTables.js';
import { recordIdOf, ticketIdOf, workedAt, workMinutes, workNote } from './conversationInputs.js';
import { Serializer } from './serializer.js';

export interface TicketWorklogDeps {
  readonly tickets: TicketDirectory;
  readonly knex: Knex;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly newId: () => string;
}

export interface WorkInput {
  readonly minutes: unknown;
  readonly note?: unknown;
  readonly workedAt?: unknown;
}

export interface WorklogPage {
  readonly ticketId: string;
  readonly entries: readonly WorklogEntry[];
  /** Over every entry of the ticket, not just the page. */
  readonly totalMinutes: number;
  readonly count: number;
}

export class TicketWorklog {
  private readonly serial = new Serializer();

  constructor(private readonly deps: TicketWorklogDeps) {}

  async log(viewer: Viewer, ticketId: unknown, input: WorkInput): Promise<WorklogEntry> {
    const minutes = workMinutes(input.minutes);
    const note = workNote(input.note);
    const worked = workedAt(input.workedAt, this.deps.clock.now());
    const ticket = await this.deps.tickets.authorize(viewer, ticketIdOf(ticketId), 'logWork');
    return commitChange(this.deps, (at) => {
      const entry: WorklogEntry = {
        id: this.deps.newId(),
        ticketId: ticket.id,
        authorId: viewer.userId,
        minutes,
        note,
        workedAt: worked,
        createdAt: at,
      };
      this.deps.writer.upsert(ticketWorklogTable, worklogRow(entry));
      return entry;
    });
  }

  async delete(viewer: Viewer, id: unknown): Promise<true> {
    const entryId = recordIdOf(id, 'worklog entry');
    return this.serial.run(entryId, async () => {
      await this.deps.writer.settled();
      const row = await this.deps.knex('ticket_worklog').where({ id: entryId }).first();
      if (!row) throw new AppError(ErrorCode.NotFound, `no worklog entry ${entryId}`);
      const entry = rowToWorklog(row);
      await this.deps.tickets.authorize(viewer, entry.ticketId, 'logWork');
      if (entry.authorId !== viewer.userId && viewer.role === 'user')
        throw new AppError(ErrorCode.Forbidden, 'only its author, an operator or an admin may delete a worklog entry');
      return commitChange(this.deps, () => {
        this.deps.writer.delete(ticketWorklogTable, { id: entryId });
        return true as const;
      });
    });
  }

  /** A ticket's entries, most recent work first, with the total over all of them. */
  async list(viewer: Viewer, ticketId: unknown, page: Page): Promise<WorklogPage> {
    const ticket = await this.deps.tickets.authorize(viewer, ticketIdOf(ticketId), 'read');
    await this.deps.writer.settled();
    const rows = await this.deps
      .knex('ticket_worklog')
      .where({ ticket_id: ticket.id })
      .orderBy([
        { column: 'worked_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(page.limit)
      .offset(page.offset);
    const sums = await this.deps
      .knex('ticket_worklog')
      .where({ ticket_id: ticket.id })
      .select(this.deps.knex.raw('count(*) as count, coalesce(sum(minutes), 0) as minutes'))
      .first();
    return {
      ticketId: ticket.id,
      entries: rows.map(rowToWorklog),
      totalMinutes: Number(sums?.minutes ?? 0),
      count: Number(sums?.count ?? 0),
    };
  }
}
