/**
 * The `tickets` service (the contract's TicketDirectory) and the reads of the ticket core: a
 * ticket from memory when it is open, from the database when it is closed (or not loaded), with
 * the leave to act on it decided by ticketAccess.ts.
 */
import type { Knex } from 'knex';
import type { Viewer } from '../../../core/auth/roles.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { TicketAction, TicketDirectory, TicketingCatalogReader, TicketView } from '../ticketContract.js';
import { placeGate } from '../../../core/auth/roles.js';
import { hiddenServiceIds } from '../../../core/auth/placeGate.js';
import { checkAction, mayAct, type Membership, type PlaceOfService } from './ticketAccess.js';
import { slaOf } from './ticketClocks.js';
import { toRecord, type TicketRecord } from './ticketData.js';
import {
  countTickets,
  readStatusHistory,
  readTicket,
  readTicketByNumber,
  readTickets,
  type StoredRow,
  type TicketFilter,
  type TicketSort,
} from './ticketQueries.js';
import type { TicketRegistry } from './ticketRegistry.js';
import type { StatusChange } from './ticketTables.js';

export interface TicketDirectoryDeps {
  readonly registry: TicketRegistry;
  readonly knex: Knex;
  readonly writer: BatchWriter;
  readonly clock: Pick<Clock, 'now'>;
  readonly catalog: TicketingCatalogReader;
  readonly groups: Membership & { groupIdsOf(userId: string): readonly string[] };
  /** Services with their places (environment access, docs/access.md "Tickets"). */
  readonly services: {
    get(id: string): { readonly nodePath: string } | undefined;
    all(): Iterable<{ readonly id: string; readonly nodePath: string }>;
  };
}

export class TicketDirectoryService implements TicketDirectory {
  /** Where a ticket about this service lies. */
  readonly placeOf: PlaceOfService;

  constructor(private readonly deps: TicketDirectoryDeps) {
    this.placeOf = (serviceId) => deps.services.get(serviceId)?.nodePath;
  }

  find(id: string): Promise<TicketRecord | undefined> {
    const held = this.deps.registry.record(id.toLowerCase(), this.deps.clock.now());
    return held ? Promise.resolve(held) : this.fromDatabase(id);
  }

  /** An open ticket from memory, without waiting (undefined when it is not held). */
  held(id: string): TicketRecord | undefined {
    return this.deps.registry.record(id.toLowerCase(), this.deps.clock.now());
  }

  async authorize(viewer: Viewer, id: string, action: TicketAction): Promise<TicketRecord> {
    const ticket = await this.find(id);
    return checkAction(viewer, ticket, id, action, this.deps.groups, this.placeOf) as TicketRecord;
  }

  can(viewer: Viewer, ticket: TicketView, action: TicketAction): boolean {
    if (ticket.deletedAt !== null && action !== 'restore') return false;
    return mayAct(viewer, ticket, action, this.deps.groups, this.placeOf);
  }

  async byNumber(viewer: Viewer, number: string): Promise<TicketRecord | null> {
    await this.deps.writer.settled();
    const row = await readTicketByNumber(this.deps.knex, number);
    if (!row) return null;
    const ticket = this.deps.registry.record(row.data.id, this.deps.clock.now()) ?? this.recordOf(row);
    return this.can(viewer, ticket, 'read') ? ticket : null;
  }

  async list(viewer: Viewer, filter: TicketFilter, sort: TicketSort, page: Page): Promise<TicketRecord[]> {
    await this.deps.writer.settled();
    const rows = await readTickets(this.deps.knex, filter, sort, page, this.visibility(viewer));
    return rows.map((row) => this.recordOf(row));
  }

  async count(viewer: Viewer, filter: TicketFilter): Promise<number> {
    await this.deps.writer.settled();
    return countTickets(this.deps.knex, filter, this.visibility(viewer));
  }

  async history(viewer: Viewer, id: string): Promise<StatusChange[]> {
    const ticket = await this.authorize(viewer, id, 'read');
    await this.deps.writer.settled();
    return readStatusHistory(this.deps.knex, ticket.id);
  }

  private visibility(viewer: Viewer) {
    const gate = placeGate(viewer);
    return {
      viewer,
      groupIds: this.deps.groups.groupIdsOf(viewer.userId),
      hiddenServiceIds: gate === null ? [] : hiddenServiceIds(gate, this.deps.services.all()),
    };
  }

  private async fromDatabase(id: string): Promise<TicketRecord | undefined> {
    await this.deps.writer.settled();
    // Loaded meanwhile (a command on it)? Memory is then the newer one.
    const held = this.deps.registry.record(id.toLowerCase(), this.deps.clock.now());
    if (held) return held;
    const row = await readTicket(this.deps.knex, id);
    return row ? this.recordOf(row) : undefined;
  }

  private recordOf(row: StoredRow): TicketRecord {
    const { data } = row;
    return toRecord(data, row.state, row.category, slaOf(data, this.deps.catalog.calendar(data.calendarName), this.deps.clock.now()));
  }
}

export function notFound(id: string): AppError {
  return new AppError(ErrorCode.NotFound, `no ticket ${id}`);
}
