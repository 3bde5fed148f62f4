/**
 * Ticket numbers: a prefix per type and a sequence per prefix (`INC-000042`). One writer: the
 * counters live in memory (read from the database at start) and every number taken stages the
 * counter's new value in the batch of the ticket that took it, so numbers are unique however many
 * creations run at once, and a restart continues after the last committed one. A failed batch
 * leaves a gap (the counter does not go back); a gap is harmless, a duplicate would not be.
 *
 * Cluster mode (docs/adr/0068): every instance raises tickets, so the counters are shared. A counter committed
 * elsewhere moves this one forward (never back), and a creation first applies what the others committed
 * (`caughtUp`, one query). Two instances raising a ticket in the same few milliseconds can still take one number:
 * the unique number (tickets.number) refuses the second commit, which fails whole; sent again, it takes the next.
 */
import type { Knex } from 'knex';
import type { SharedRows, SharedStateAccess } from '../../../platform/modules/sharedState.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { TicketType } from '../ticketContract.js';
import { formatNumber, NUMBER_PREFIX } from './ticketData.js';
import { ticketNumberSequencesTable } from './ticketTables.js';

export class TicketNumbers {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly writer: BatchWriter,
    /** Cluster mode's shared state (undefined in a single process: nothing to catch up with). */
    private readonly sharedState?: SharedStateAccess,
  ) {}

  async hydrate(knex: Knex): Promise<void> {
    for (const row of await knex('ticket_number_sequences').select('prefix', 'last_value'))
      this.last.set(String(row.prefix), Number(row.last_value));
  }

  /**
   * Before a creation: counters other instances committed until now are applied here (cluster mode). Undefined in a
   * single process, so a creation stays synchronous there: its rows are staged in the caller's turn (the SLA link
   * stages a ticket and the incident's link together).
   */
  caughtUp(): Promise<void> | undefined {
    return this.sharedState?.catchUp([ticketNumberSequencesTable.name]);
  }

  /** A counter another instance committed moves this one forward, never back (a number is never taken twice here). */
  readonly shared: readonly SharedRows[] = [
    {
      table: ticketNumberSequencesTable.name,
      apply: (row) => {
        const prefix = String(row['prefix']);
        this.last.set(prefix, Math.max(this.last.get(prefix) ?? 0, Number(row['last_value'])));
      },
      remove: () => undefined,
    },
  ];

  /** The next number of `type`, its counter staged in the open batch. */
  take(type: TicketType): string {
    const prefix = NUMBER_PREFIX[type];
    const next = (this.last.get(prefix) ?? 0) + 1;
    this.last.set(prefix, next);
    this.writer.upsert(ticketNumberSequencesTable, { prefix, last_value: next });
    return formatNumber(type, next);
  }
}
