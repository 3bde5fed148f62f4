/**
 * Watching tickets: a person who may watch a ticket watches it themselves; operators and admins may
 * add or remove someone else, who must be an active person allowed to read the ticket. Anyone who
 * can read a ticket may stop watching it. Watching twice is one watch (the first is answered).
 */
import type { Role, Viewer, ViewerAccess } from '../../../core/auth/roles.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { UserDirectory } from '../../../core/people/userDirectory.js';
import type { TicketDirectory, TicketView } from '../ticketContract.js';
import type { TicketWatch } from './conversationTables.js';
import { ticketIdOf } from './conversationInputs.js';
import type { WatcherIndex } from './ticketWatchers.js';

export interface TicketWatchingDeps {
  readonly tickets: TicketDirectory;
  readonly users: Pick<UserDirectory, 'get'>;
  readonly accessOf?: AccessOf;
  readonly watchers: WatcherIndex;
  readonly writer: BatchWriter;
  readonly clock: Clock;
}

const isStaff = (viewer: Viewer) => viewer.role === 'admin' || viewer.role === 'operator';

/** The policy engine's decisions for a person (src/plugins/policy); undefined: the role table decides. */
export type AccessOf = (userId: string, role: Role) => ViewerAccess | undefined;

/**
 * An active person as the ticket directory's rules see them, with the policy engine's decisions
 * (their environments), for asking what they may do without a session of theirs.
 */
export function viewerOf(users: Pick<UserDirectory, 'get'>, userId: string, accessOf?: AccessOf): Viewer | undefined {
  const user = users.get(userId);
  if (!user?.active) return undefined;
  const access = accessOf?.(user.id, user.role);
  return access === undefined
    ? { userId: user.id, username: user.username, role: user.role, sessionId: '' }
    : { userId: user.id, username: user.username, role: user.role, sessionId: '', access };
}

export class TicketWatching {
  constructor(private readonly deps: TicketWatchingDeps) {}

  async watch(viewer: Viewer, ticketId: unknown, userId: string | null | undefined): Promise<TicketWatch> {
    const ticket = await this.deps.tickets.authorize(viewer, ticketIdOf(ticketId), 'watch');
    const watcher = this.person(viewer, ticket, userId ?? viewer.userId, 'add');
    return commitChange(this.deps, (at) => {
      const existing = this.deps.watchers.get(ticket.id, watcher);
      if (existing) return existing;
      const watch: TicketWatch = { ticketId: ticket.id, userId: watcher, addedBy: viewer.userId, createdAt: at };
      this.deps.watchers.add(watch);
      return watch;
    });
  }

  /** True when the person was watching. */
  async unwatch(viewer: Viewer, ticketId: unknown, userId: string | null | undefined): Promise<boolean> {
    const target = userId ?? viewer.userId;
    const ticket = await this.deps.tickets.authorize(viewer, ticketIdOf(ticketId), target === viewer.userId ? 'read' : 'watch');
    if (target !== viewer.userId && !isStaff(viewer))
      throw new AppError(ErrorCode.Forbidden, "only operators and admins may stop someone else's watch");
    return commitChange(this.deps, () => this.deps.watchers.remove(ticket.id, target));
  }

  async list(viewer: Viewer, ticketId: unknown): Promise<TicketWatch[]> {
    const ticket = await this.deps.tickets.authorize(viewer, ticketIdOf(ticketId), 'read');
    // Settled: a watch staged and not yet committed is not shown.
    await this.deps.writer.settled();
    return this.deps.watchers.of(ticket.id);
  }

  private person(viewer: Viewer, ticket: TicketView, userId: string, verb: 'add'): string {
    if (userId === viewer.userId) return userId;
    if (!isStaff(viewer)) throw new AppError(ErrorCode.Forbidden, `only operators and admins may ${verb} someone else as a watcher`);
    const other = viewerOf(this.deps.users, userId, this.deps.accessOf);
    if (!other) throw new AppError(ErrorCode.BadRequest, `userId: no active person ${userId}`);
    if (!this.deps.tickets.can(other, ticket, 'read'))
      throw new AppError(ErrorCode.BadRequest, `userId: ${other.username} may not read ticket ${ticket.number}, so cannot watch it`);
    return userId;
  }
}
