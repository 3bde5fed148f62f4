/**
 * All tickets (or the viewer's own: requested or assigned), filtered and sorted by the URL's query,
 * a page at a time. New and changed tickets appear by themselves (useTicketEvents).
 */
import { useCallback, useMemo } from 'react';
import { useQuery } from 'urql';
import type { TicketsListQuery, TicketsListQueryVariables, TicketsMineQuery } from '../../gql/graphql';
import { Link, type ScreenProps } from '../../app/router';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { formatRelative } from '../../ui/format';
import { TicketFilterBar } from './TicketFilterBar';
import { listVariables, PAGE_SIZE, pageCount, readListState, withSort, writeListState, type ListState } from './ticketFilters';
import { personName, SORT_LABEL, TYPE_LABEL, type SortField } from './ticketModel';
import { useTicketEvents } from './useTicketEvents';
import { DueBadge } from './TicketStatus';
import { Badge } from '../../ui/kit/Badge';
import { useQueryReplace } from '../../ui/kit/useQueryPatch';
import { ticketStatusBadge } from './TicketStatus';
import { ALL_TICKETS, MY_TICKETS } from './documents';
import './tickets.css';

const COLUMNS: readonly { label: string; sort?: SortField }[] = [
  { label: 'Number', sort: 'NUMBER' },
  { label: 'Title' },
  { label: 'Status', sort: 'STATUS' },
  { label: 'Priority', sort: 'PRIORITY' },
  { label: 'Type' },
  { label: 'Assignee' },
  { label: 'Group' },
  { label: 'Due', sort: 'RESOLUTION_DUE_AT' },
  { label: 'Updated', sort: 'UPDATED_AT' },
];

export function TicketList({ query, mine }: ScreenProps & { mine: boolean }) {
  const viewer = useViewer();
  const replaceQuery = useQueryReplace();
  const state = useMemo(() => readListState(query), [query]);
  const setState = useCallback((next: ListState) => replaceQuery(writeListState(next)), [replaceQuery]);
  const variables = useMemo(() => listVariables(state), [state]);
  // Either list's answer: `myTickets` or `tickets`, with the count.
  const [result, reexecute] = useQuery<Partial<TicketsListQuery & TicketsMineQuery>, TicketsListQueryVariables>({
    query: mine ? MY_TICKETS : ALL_TICKETS,
    variables,
  });
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  const seesAll = viewer.role !== 'USER';
  const heard = useTicketEvents('all', refresh, { entityEvents: seesAll, notifications: !seesAll });

  const rows = (mine ? result.data?.myTickets : result.data?.tickets) ?? [];
  const total = result.data?.ticketCount;
  const lastPage = total === undefined ? (rows.length < PAGE_SIZE ? state.page : state.page + 1) : pageCount(total) - 1;

  return (
    <>
      <PageHeader
        title={mine ? 'My tickets' : 'All tickets'}
        subtitle={
          mine ? 'Tickets you requested or are assigned.' : total === undefined ? undefined : `${total} ticket${total === 1 ? '' : 's'}`
        }
        actions={
          <Link to="/tickets/new" className="button button-primary">
            New ticket
          </Link>
        }
      />
      <TicketFilterBar state={state} onChange={setState} />
      <p className="ticket-live" aria-live="polite">
        {heard > 0
          ? `Live: ${heard} ticket change${heard === 1 ? '' : 's'} since you opened the list.`
          : 'Live: changes appear by themselves.'}
      </p>
      <ErrorNotice error={result.error} />
      {result.fetching && !result.data ? <Loading label="Loading tickets" /> : null}
      {result.data ? (
        rows.length === 0 ? (
          <p className="muted">No tickets match. Clear a filter or raise a new ticket.</p>
        ) : (
          <table className="table" aria-label={mine ? 'My tickets' : 'Tickets'}>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    aria-sort={
                      column.sort && state.sort === column.sort ? (state.direction === 'ASC' ? 'ascending' : 'descending') : undefined
                    }
                  >
                    {column.sort ? (
                      <button
                        type="button"
                        className="ticket-sort"
                        onClick={() => setState(withSort(state, column.sort!))}
                        title={`Sort by ${SORT_LABEL[column.sort].toLowerCase()}`}
                      >
                        {column.label}
                        {state.sort === column.sort ? (state.direction === 'ASC' ? ' ▲' : ' ▼') : ''}
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((ticket) => (
                <tr key={ticket.id} data-ticket-number={ticket.number}>
                  <td>
                    <Link to={`/tickets/${ticket.id}`}>{ticket.number}</Link>
                  </td>
                  <td>{ticket.title}</td>
                  <td>
                    <Badge {...ticketStatusBadge(ticket.status, ticket.statusCategory)} />
                  </td>
                  <td>{ticket.priority}</td>
                  <td>{TYPE_LABEL[ticket.type]}</td>
                  <td>{personName(ticket.assignee)}</td>
                  <td>{ticket.group?.name ?? '—'}</td>
                  <td>
                    <DueBadge ticket={ticket} />
                  </td>
                  <td>{formatRelative(ticket.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
      <nav className="ticket-pager" aria-label="Pages">
        <button type="button" disabled={state.page === 0} onClick={() => setState({ ...state, page: state.page - 1 })}>
          Previous
        </button>
        <span>
          Page {state.page + 1}
          {total === undefined ? '' : ` of ${lastPage + 1}`}
        </span>
        <button type="button" disabled={state.page >= lastPage} onClick={() => setState({ ...state, page: state.page + 1 })}>
          Next
        </button>
      </nav>
    </>
  );
}

export function AllTicketsScreen(props: ScreenProps) {
  return <TicketList {...props} mine={false} />;
}

export function MyTicketsScreen(props: ScreenProps) {
  return <TicketList {...props} mine />;
}
