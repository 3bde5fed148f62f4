/**
 * The SLA link: an outage of a service under an SLA definition that asks for it
 * raises an INCIDENT ticket, at most one per SLA incident; the recovery adds a comment to it.
 *
 * It follows committed `sla.incident` events, one service at a time (a queue per service), so an
 * incident's opening is handled before its closing. The link row (`sla_incident_tickets`, keyed by
 * incident id) is staged in the batch of the ticket it names: the staged `ticket.created` of our
 * own `create` call stages it, so the ticket and its link commit together or not at all, and a
 * restart or a repeated event finds the link and raises nothing. Likewise the recovery's mark is
 * staged with the recovery comment (the staged `ticket.commented` of our own system comment).
 *
 * Start-up closes the gap of a crash between an incident's commit and its ticket's: every open
 * incident of a service with no link gets its ticket, every unrecovered link whose incident has
 * closed gets its comment. docs/adr/0044-sla-meets-itsm.md has the rules.
 */
import type { Knex } from 'knex';
import type { ServiceRecord } from '../../../core/domain/service.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { DomainEvent } from '../../../platform/events/domainEvents.js';
import type { Logger } from '../../../platform/log/logger.js';
import type { SharedRows } from '../../../platform/modules/sharedState.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { SlaDefinition } from '../../sla/definitions/slaDefinition.js';
import type { SlaIncident } from '../../sla/incidents/incidentRules.js';
import type { SlaModel } from '../../sla/slaContext.js';
import type { CreateTicketInput, TicketCommands } from '../core/ticketCommands.js';
import type { TicketDirectory, TicketingCatalogReader, TicketView } from '../ticketContract.js';
import { linkRow, rowToLink, slaIncidentTicketsTable, type IncidentTicketLink } from './slaLinkTables.js';
import { impactOfCriticality, outageDescription, outageTitle, raisingDefinition, recoveryNote, recurrenceNote } from './slaTicketRules.js';

export interface SlaTicketLinkDeps {
  readonly sla: Pick<SlaModel, 'catalog' | 'incidents'>;
  readonly services: { get(id: string): ServiceRecord | undefined; all(): Iterable<ServiceRecord> };
  readonly tickets: TicketDirectory;
  readonly ticketCommands: Pick<TicketCommands, 'create'>;
  readonly catalog: Pick<TicketingCatalogReader, 'catalogItem'>;
  readonly conversation: { addSystemComment(ticketId: string, text: string, origin?: 'worker'): Promise<unknown> };
  readonly writer: BatchWriter;
  readonly knex: Knex;
  readonly clock: Pick<Clock, 'now'>;
  readonly logger: Logger;
  /** Both plugins active now: the link stays idle otherwise (it asks on every event). */
  readonly active: () => boolean;
  /**
   * Cluster mode (docs/adr/0071): whether this instance owns a service's (or a ticket's) shard. Every instance hears
   * every committed `sla.incident`; only the owner of the incident's service raises or updates its ticket.
   * @default everything (one process)
   */
  readonly owns?: { service(serviceId: string): boolean; ticket(ticketId: string): boolean };
}

/** Ticket ids per query of `incidentOfTicket`'s batch (a page holds at most a few hundred). */
const LOOKUP_CHUNK = 500;

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const isOpen = (t: TicketView) => t.deletedAt === null && t.statusCategory !== 'RESOLVED' && t.statusCategory !== 'CLOSED';

export class SlaTicketLink {
  /** Work under way per service, one after another. */
  private readonly queues = new Map<string, Promise<void>>();
  /**
   * The incident our `create` call under way raises a ticket for, by service (read by the staged `ticket.created`).
   * Per service, because in cluster mode a creation first awaits the shared ticket numbers, so its staging comes a
   * turn later; one creation per service at a time (the per-service queue).
   */
  private readonly creating = new Map<string, { readonly incident: SlaIncident; readonly definition: SlaDefinition }>();
  /** What to stage with our own system comment on a ticket (read by the staged `ticket.commented`). */
  private readonly commenting = new Map<string, () => void>();
  /**
   * Incidents with a ticket and no recovery comment yet, as committed: a closing incident not among
   * them asks the database nothing (a fleet recovering at once closes thousands).
   */
  private readonly unrecovered = new Set<string>();
  /** `incidentOfTicket` calls of this turn, read together at its end. */
  private incidentLookups: Map<string, Deferred<string | null>> | null = null;
  /** The start-up catch-up's read of the links still waiting for their recovery. */
  private reconciling: Promise<void> = Promise.resolve();
  /** A pass for shards taken is queued and has not begun (more shards taken meanwhile join it). */
  private takenPending = false;

  constructor(private readonly deps: SlaTicketLinkDeps) {}

  /** At start: the links still waiting for their recovery. */
  async hydrate(): Promise<void> {
    for (const row of await this.deps.knex(slaIncidentTicketsTable.name).whereNull('recovered_at').select('incident_id'))
      this.unrecovered.add(String(row.incident_id));
  }

  /**
   * Cluster mode (docs/adr/0068): the links other instances commit (the owner of a service raises its outage's
   * ticket; the recovery marks it) reach the set of links waiting for their recovery, so the instance that takes the
   * service's shard over writes the recovery comment of a ticket its previous owner raised.
   */
  sharedRows(): SharedRows {
    return {
      table: slaIncidentTicketsTable.name,
      apply: (row) => {
        const incidentId = String(row['incident_id']);
        if (row['recovered_at'] === null || row['recovered_at'] === undefined) this.unrecovered.add(incidentId);
        else this.unrecovered.delete(incidentId);
      },
      remove: (key) => void this.unrecovered.delete(String(key['incident_id'])),
    };
  }

  /**
   * Committed events: outages open, grow (a raising definition joins) and close. Cluster mode: the owner of the
   * service raises the ticket; the recovery comment is written by the owner of the ticket (the service's owner when
   * it raised the ticket; another instance once the ticket's shard moved), which holds the link (shared, and applied
   * before it took the ticket's shard).
   */
  committed(event: DomainEvent): void {
    if (event.type !== 'sla.incident' || !this.deps.active()) return;
    const { incident } = event;
    if (this.deps.owns && !this.deps.owns.service(incident.serviceId)) {
      if (incident.endedAt !== null && this.unrecovered.has(incident.id)) this.enqueue(incident.serviceId, () => this.recover(incident));
      return;
    }
    this.enqueue(incident.serviceId, () => (incident.endedAt === null ? this.ensureTicket(incident) : this.recover(incident)));
  }

  /** Staged events: our own ticket's creation and our own comment carry the link's row into their batch. */
  staged(event: DomainEvent): void {
    const raising = event.type === 'ticket.created' && event.actorId === null ? this.creating.get(event.ticket.serviceId ?? '') : undefined;
    if (event.type === 'ticket.created' && raising !== undefined) {
      const { incident, definition } = raising;
      this.creating.delete(incident.serviceId);
      this.stageLink({
        incidentId: incident.id,
        ticketId: event.ticket.id,
        serviceId: incident.serviceId,
        definitionId: definition.id,
        openedAt: incident.startedAt,
        recoveredAt: null,
      });
    } else if (event.type === 'ticket.commented' && event.actorId === null) {
      const stage = this.commenting.get(event.ticket.id);
      if (stage) {
        this.commenting.delete(event.ticket.id);
        stage();
      }
    }
  }

  /** Once the server listens: outages the link missed while the process was down (or the plugins off). */
  reconcile(): void {
    if (!this.deps.active()) return;
    for (const service of this.deps.services.all()) {
      if (this.deps.owns && !this.deps.owns.service(service.id)) continue;
      const open = this.deps.sla.incidents.openIncidentOf(service.id);
      if (open) this.enqueue(service.id, () => this.ensureTicket(open));
    }
    this.reconciling = this.unrecoveredLinks().then(
      (links) => {
        for (const link of links) {
          // The recovery is written by the ticket's owner (recover).
          if (this.deps.owns && !this.deps.owns.service(link.serviceId) && !this.deps.owns.ticket(link.ticketId)) continue;
          this.enqueue(link.serviceId, async () => {
            const incident = await this.deps.sla.incidents.get(link.incidentId);
            if (incident && incident.endedAt !== null) await this.recover(incident);
          });
        }
      },
      (error: unknown) => this.deps.logger.error('SLA link: reading unrecovered links at start failed', { error }),
    );
  }

  /**
   * Cluster mode: this instance took shards. The links still waiting for their recovery are read again (their
   * previous owner committed them), then the open incidents and closed outages of the services it owns now are
   * handled as at start.
   */
  shardsTaken(): void {
    // Shards come many at once (a start, a failover): one pass after the reads under way covers them all.
    if (this.takenPending) return;
    this.takenPending = true;
    this.reconciling = this.reconciling
      .then(() => {
        this.takenPending = false;
        return this.hydrate();
      })
      .then(
        () => this.reconcile(),
        (error: unknown) => this.deps.logger.error('SLA link: reading the links of shards taken over failed', { error }),
      );
  }

  /** Resolves once every queued piece of work has run, the start-up catch-up included (tests, shutdown). */
  async idle(): Promise<void> {
    await this.reconciling;
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  /** The incident whose outage the ticket was raised for, or gathered on it last; null when none. */
  /**
   * The latest SLA incident `ticketId` was raised for. A page of tickets asks for each of them in
   * one turn of the event loop (GraphQL resolves a list's fields together): the ids asked in one
   * turn are read with one query, not one query per ticket.
   */
  incidentOfTicket(ticketId: string): Promise<string | null> {
    let batch = this.incidentLookups;
    if (batch === null) {
      batch = this.incidentLookups = new Map();
      queueMicrotask(() => void this.readIncidentsOfTickets());
    }
    let waiting = batch.get(ticketId);
    if (waiting === undefined) batch.set(ticketId, (waiting = deferred()));
    return waiting.promise;
  }

  private async readIncidentsOfTickets(): Promise<void> {
    const batch = this.incidentLookups!;
    this.incidentLookups = null;
    try {
      await this.deps.writer.settled();
      const latest = new Map<string, string>();
      const ids = [...batch.keys()];
      for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
        const rows = await this.deps
          .knex(slaIncidentTicketsTable.name)
          .whereIn('ticket_id', ids.slice(i, i + LOOKUP_CHUNK))
          .orderBy('opened_at', 'desc')
          .select('ticket_id', 'incident_id');
        for (const row of rows) if (!latest.has(String(row.ticket_id))) latest.set(String(row.ticket_id), String(row.incident_id));
      }
      for (const [ticketId, waiting] of batch) waiting.resolve(latest.get(ticketId) ?? null);
    } catch (error) {
      for (const waiting of batch.values()) waiting.reject(error);
    }
  }

  async ticketOfIncident(incidentId: string): Promise<string | null> {
    return (await this.link(incidentId))?.ticketId ?? null;
  }

  private enqueue(serviceId: string, work: () => Promise<void>): void {
    const previous = this.queues.get(serviceId) ?? Promise.resolve();
    const run = previous
      .then(work)
      .catch((error: unknown) =>
        this.deps.logger.error('SLA link: raising or updating the ticket of an SLA incident failed', { serviceId, error }),
      );
    this.queues.set(serviceId, run);
    void run.finally(() => {
      if (this.queues.get(serviceId) === run) this.queues.delete(serviceId);
    });
  }

  /** The link row, with memory following what commits. */
  private stageLink(link: IncidentTicketLink): void {
    const { incidentId } = link;
    this.deps.writer.upsert(slaIncidentTicketsTable, linkRow(link), {
      onCommit: () => (link.recoveredAt === null ? this.unrecovered.add(incidentId) : this.unrecovered.delete(incidentId)),
    });
  }

  private async link(incidentId: string): Promise<IncidentTicketLink | undefined> {
    await this.deps.writer.settled();
    const row = await this.deps.knex(slaIncidentTicketsTable.name).where({ incident_id: incidentId }).first();
    return row ? rowToLink(row) : undefined;
  }

  private async unrecoveredLinks(): Promise<IncidentTicketLink[]> {
    await this.deps.writer.settled();
    return (await this.deps.knex(slaIncidentTicketsTable.name).whereNull('recovered_at').select('*')).map(rowToLink);
  }

  private async latestLinkOf(serviceId: string): Promise<IncidentTicketLink | undefined> {
    await this.deps.writer.settled();
    const row = await this.deps.knex(slaIncidentTicketsTable.name).where({ service_id: serviceId }).orderBy('opened_at', 'desc').first();
    return row ? rowToLink(row) : undefined;
  }

  /** An open incident under a raising definition gets a ticket, unless it has one. */
  private async ensureTicket(incident: SlaIncident): Promise<void> {
    const definition = raisingDefinition(incident, (id) => this.deps.sla.catalog.definition(id));
    if (!definition || !this.deps.active()) return;
    if (await this.link(incident.id)) return;
    const service = this.deps.services.get(incident.serviceId);
    if (!service) return;
    // A service that flaps gathers its outages on the ticket still open rather than raising one per outage.
    const previous = await this.latestLinkOf(incident.serviceId);
    const earlier = previous ? await this.deps.tickets.find(previous.ticketId) : undefined;
    // Cluster mode: a ticket owned elsewhere takes no comment from here (docs/cluster.md): a new ticket is raised.
    if (earlier && isOpen(earlier) && (this.deps.owns?.ticket(earlier.id) ?? true)) {
      const gathered: IncidentTicketLink = {
        incidentId: incident.id,
        ticketId: earlier.id,
        serviceId: incident.serviceId,
        definitionId: definition.id,
        openedAt: incident.startedAt,
        recoveredAt: null,
      };
      await this.comment(earlier.id, recurrenceNote(incident), () => this.stageLink(gathered));
      return;
    }
    await this.raise(incident, definition, service);
  }

  private async raise(incident: SlaIncident, definition: SlaDefinition, service: ServiceRecord): Promise<void> {
    const itemName = definition.ticketCatalogItem;
    const item = itemName === null ? undefined : this.deps.catalog.catalogItem(itemName);
    const usable = item !== undefined && item.ticketType === 'INCIDENT';
    const input: CreateTicketInput = {
      title: outageTitle(service, incident, definition),
      description: outageDescription(service, incident, definition, itemName !== null && !usable ? itemName : null),
      type: 'INCIDENT',
      impact: impactOfCriticality(service.criticality),
      urgency: 'HIGH',
      serviceId: service.id,
      catalogItemName: usable ? item.name : null,
    };
    this.creating.set(incident.serviceId, { incident, definition });
    try {
      // The ticket's row, its `ticket.created` (whose staged handler stages the link) all in this call's batch.
      await this.deps.ticketCommands.create(input, null, 'worker');
    } finally {
      this.creating.delete(incident.serviceId);
    }
  }

  /** The recovery: a comment with the downtime, the link marked in the same commit. The ticket stays as it is. */
  private async recover(incident: SlaIncident): Promise<void> {
    if (!this.unrecovered.has(incident.id)) return;
    const link = await this.link(incident.id);
    if (!link || link.recoveredAt !== null) return;
    // Cluster mode: only the ticket's owner can comment on it (the others hear the same event and return here).
    if (this.deps.owns && !this.deps.owns.ticket(link.ticketId)) return;
    const recovered: IncidentTicketLink = { ...link, recoveredAt: incident.endedAt };
    const mark = () => this.stageLink(recovered);
    try {
      await this.comment(link.ticketId, recoveryNote(incident), mark);
    } catch (error) {
      // A deleted ticket takes no comment; the outage is over all the same.
      if (!(error instanceof AppError && error.code === ErrorCode.NotFound)) throw error;
      await commitChange(this.deps, mark);
    }
  }

  private async comment(ticketId: string, text: string, stage: () => void): Promise<void> {
    this.commenting.set(ticketId, stage);
    try {
      await this.deps.conversation.addSystemComment(ticketId, text, 'worker');
    } finally {
      this.commenting.delete(ticketId);
    }
  }
}
