/**
 * The conversation service (`ticketConversation`): comments, worklog, watchers and relations of
 * tickets, each behind the ticket directory's `authorize` (src/plugins/ticketing/ticketContract.ts), and
 * the watchers the ticket notifications read. GraphQL resolvers and the SLA link call it.
 */
import type { Knex } from 'knex';
import type { Viewer } from '../../../core/auth/roles.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { UserDirectory } from '../../../core/people/userDirectory.js';
import type { TicketDirectory } from '../ticketContract.js';
import type { SharedRows } from '../../../platform/modules/sharedState.js';
import {
  rowToRelation,
  rowToWatch,
  ticketRelationsTable,
  ticketWatchersTable,
  type TicketComment,
  type TicketWatch,
  type WorklogEntry,
} from './conversationTables.js';
import { TicketComments } from './ticketComments.js';
import { TicketLinking, type RelationView } from './ticketLinking.js';
import { RelationIndex } from './ticketRelations.js';
import { TicketWatching, type AccessOf } from './ticketWatching.js';
import { WatcherIndex } from './ticketWatchers.js';
import { TicketWorklog, type WorkInput, type WorklogPage } from './ticketWorklog.js';

export interface TicketConversationDeps {
  readonly tickets: TicketDirectory;
  readonly users: Pick<UserDirectory, 'get'>;
  /** The policy engine's decisions for a person other than the caller (a watcher being added). */
  readonly accessOf?: AccessOf;
  readonly knex: Knex;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly clock: Clock;
  readonly newId: () => string;
}

export class TicketConversation {
  private readonly comments: TicketComments;
  private readonly worklog: TicketWorklog;
  private readonly watching: TicketWatching;
  private readonly linking: TicketLinking;
  private readonly watcherIndex: WatcherIndex;
  private readonly relationIndex: RelationIndex;

  constructor(private readonly deps: TicketConversationDeps) {
    this.watcherIndex = new WatcherIndex(deps.writer);
    this.relationIndex = new RelationIndex(deps.writer);
    this.comments = new TicketComments(deps);
    this.worklog = new TicketWorklog(deps);
    this.watching = new TicketWatching({ ...deps, watchers: this.watcherIndex });
    this.linking = new TicketLinking({ ...deps, relations: this.relationIndex });
  }

  /** Watches and relations are held in memory: read them at start. */
  async hydrate(): Promise<void> {
    for (const row of await this.deps.knex('ticket_watchers').select('*')) this.watcherIndex.load(rowToWatch(row));
    for (const row of await this.deps.knex('ticket_relations').select('*')) this.relationIndex.load(rowToRelation(row));
  }

  /**
   * Cluster mode (docs/adr/0068): watches and relations made through any instance, applied row by row here (the
   * notices of a ticket's change read its watchers on the instance that stages it).
   */
  shared(): readonly SharedRows[] {
    return [
      {
        table: ticketWatchersTable.name,
        apply: (row) => this.watcherIndex.adopt(String(row['ticket_id']), String(row['user_id']), rowToWatch(row)),
        remove: (key) => this.watcherIndex.adopt(String(key['ticket_id']), String(key['user_id']), undefined),
      },
      {
        table: ticketRelationsTable.name,
        apply: (row) => this.relationIndex.adopt(String(row['id']), rowToRelation(row)),
        remove: (key) => this.relationIndex.adopt(String(key['id']), undefined),
      },
    ];
  }

  addComment = (viewer: Viewer, ticketId: unknown, body: unknown): Promise<TicketComment> => this.comments.add(viewer, ticketId, body);
  editComment = (viewer: Viewer, id: unknown, body: unknown): Promise<TicketComment> => this.comments.edit(viewer, id, body);
  deleteComment = (viewer: Viewer, id: unknown): Promise<true> => this.comments.delete(viewer, id);
  commentsOf = (viewer: Viewer, ticketId: unknown, page: Page) => this.comments.list(viewer, ticketId, page);

  /**
   * A comment with no human author (the SLA link's recovery note), answered once committed and
   * announced as `ticket.commented` with actor null. NOT_FOUND for a missing or deleted ticket.
   * @param origin what caused it @default 'agent' (a service's recovery comes from its reports)
   */
  addSystemComment(ticketId: string, text: string, origin: Origin = 'agent'): Promise<TicketComment> {
    return this.comments.addSystem(ticketId, text, origin);
  }

  logWork = (viewer: Viewer, ticketId: unknown, input: WorkInput): Promise<WorklogEntry> => this.worklog.log(viewer, ticketId, input);
  deleteWorklog = (viewer: Viewer, id: unknown): Promise<true> => this.worklog.delete(viewer, id);
  worklogOf = (viewer: Viewer, ticketId: unknown, page: Page): Promise<WorklogPage> => this.worklog.list(viewer, ticketId, page);

  watch = (viewer: Viewer, ticketId: unknown, userId?: string | null): Promise<TicketWatch> =>
    this.watching.watch(viewer, ticketId, userId);
  unwatch = (viewer: Viewer, ticketId: unknown, userId?: string | null): Promise<boolean> =>
    this.watching.unwatch(viewer, ticketId, userId);
  watchersOf = (viewer: Viewer, ticketId: unknown): Promise<TicketWatch[]> => this.watching.list(viewer, ticketId);

  /** Who watches a ticket, as held now (synchronous: the notices read it while a change is staged). */
  watcherIds(ticketId: string): Iterable<string> {
    return this.watcherIndex.userIds(ticketId);
  }

  link = (viewer: Viewer, sourceId: unknown, targetId: unknown, type: unknown): Promise<RelationView> =>
    this.linking.link(viewer, sourceId, targetId, type);
  unlink = (viewer: Viewer, sourceId: unknown, targetId: unknown): Promise<true> => this.linking.unlink(viewer, sourceId, targetId);
  relationsOf = (viewer: Viewer, ticketId: unknown): Promise<RelationView[]> => this.linking.list(viewer, ticketId);

  /** Stages the end of a deleted person's watches in the batch of their deletion. */
  forgetPerson(userId: string): void {
    this.watcherIndex.forgetPerson(userId);
  }
}
