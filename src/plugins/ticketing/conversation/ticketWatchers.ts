/**
 * Who watches which ticket, held in memory (hydrated at start) and kept equal to the database
 * through a CommittedMap: the ticket notifications read a ticket's watchers synchronously while the
 * ticket's change is being staged, so its notices commit with it.
 */
import { CommittedMap } from '../../../core/fleet/committedMap.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import { ticketWatchersTable, watchRow, type TicketWatch } from './conversationTables.js';

/** A user id is a UUID (fixed length, no `|`), so the key splits unambiguously. */
const keyOf = (ticketId: string, userId: string) => `${userId}|${ticketId}`;

export class WatcherIndex {
  private readonly watches: CommittedMap<TicketWatch>;
  private readonly byTicket = new Map<string, Map<string, TicketWatch>>();

  constructor(writer: BatchWriter) {
    this.watches = new CommittedMap(writer, ticketWatchersTable, watchRow, (_key, restored, discarded) => {
      if (discarded) this.unindex(discarded);
      if (restored) this.index(restored);
    });
  }

  load(watch: TicketWatch): void {
    this.watches.load(keyOf(watch.ticketId, watch.userId), watch);
    this.index(watch);
  }

  /** A watch another instance committed (cluster mode, docs/adr/0068; undefined: ended): nothing is written. */
  adopt(ticketId: string, userId: string, watch: TicketWatch | undefined): void {
    const key = keyOf(ticketId, userId);
    const before = this.watches.get(key);
    this.watches.adopt(key, watch);
    const after = this.watches.get(key);
    if (before === after) return;
    if (before) this.unindex(before);
    if (after) this.index(after);
  }

  /** The watchers of a ticket, longest-standing first. */
  of(ticketId: string): TicketWatch[] {
    return [...(this.byTicket.get(ticketId)?.values() ?? [])].sort((a, b) => a.createdAt - b.createdAt || a.userId.localeCompare(b.userId));
  }

  /** Ids of the people watching a ticket (for notices). */
  userIds(ticketId: string): Iterable<string> {
    return this.byTicket.get(ticketId)?.keys() ?? [];
  }

  get(ticketId: string, userId: string): TicketWatch | undefined {
    return this.byTicket.get(ticketId)?.get(userId);
  }

  /** Stages a watch (memory now, undone if its commit fails). */
  add(watch: TicketWatch): void {
    this.watches.set(keyOf(watch.ticketId, watch.userId), watch);
    this.index(watch);
  }

  /** Stages the end of a watch; false when there was none. */
  remove(ticketId: string, userId: string): boolean {
    const watch = this.get(ticketId, userId);
    if (!watch) return false;
    this.watches.delete(keyOf(ticketId, userId));
    this.unindex(watch);
    return true;
  }

  /** Stages the end of every watch of a person (in the batch of their deletion). */
  forgetPerson(userId: string): void {
    for (const watch of [...this.watches.values()]) if (watch.userId === userId) this.remove(watch.ticketId, userId);
  }

  private index(watch: TicketWatch): void {
    let mine = this.byTicket.get(watch.ticketId);
    if (!mine) this.byTicket.set(watch.ticketId, (mine = new Map()));
    mine.set(watch.userId, watch);
  }

  private unindex(watch: TicketWatch): void {
    const mine = this.byTicket.get(watch.ticketId);
    if (!mine) return;
    mine.delete(watch.userId);
    if (mine.size === 0) this.byTicket.delete(watch.ticketId);
  }
}
