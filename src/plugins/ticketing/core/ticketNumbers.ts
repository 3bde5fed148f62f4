/**
 * Ticket numbers: a prefix per type and a sequence per prefix (`INC-000042`). One writer: the
 * counters live in memory (read from the database at start) and every number taken stages the
 * counter's new value in the batch of the ticket that took it, so numbers are unique however many
 * creations run at once, and a restart continues after the last committed one. A failed batch
 * leaves a gap (the counter does not go back); a gap is harmless, a duplicate would not be.
 */
import type { Knex } from 'knex';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { TicketType } from '../ticketContract.js';
import { formatNumber, NUMBER_PREFIX } from './ticketData.js';
import { ticketNumberSequencesTable } from './ticketTables.js';

export class TicketNumbers {
  private readonly last = new Map<string, number>();

  constructor(private readonly writer: BatchWriter) {}

  async hydrate(knex: Knex): Promise<void> {
    for (const row of await knex('ticket_number_sequences').select('prefix', 'last_value'))
      this.last.set(String(row.prefix), Number(row.last_value));
  }

  /** The next number of `type`, its counter staged in the open batch. */
  take(type: TicketType): string {
    const prefix = NUMBER_PREFIX[type];
    const next = (this.last.get(prefix) ?? 0) + 1;
    this.last.set(prefix, next);
    this.writer.upsert(ticketNumberSequencesTable, { prefix, last_value: next });
    return formatNumber(type, next);
  }
}
