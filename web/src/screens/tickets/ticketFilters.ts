/**
 * The list's filters, sort and page as URL query parameters (so a filtered list can be bookmarked,
 * shared and survives a reload), and as the GraphQL `TicketFilter` / `TicketSort` variables.
 * Unknown or malformed values are dropped rather than sent: the server would refuse the whole query.
 */
import type { TicketFilter, TicketSort } from '../../gql/graphql';
import { keyParam } from '../../ui/kit/queryParams';
import {
  CATEGORY_LABEL,
  PRIORITIES,
  SEVERITY_LABEL,
  SORT_LABEL,
  TYPE_LABEL,
  type Priority,
  type Severity,
  type SortDirection,
  type SortField,
  type StatusCategory,
  type TicketType,
} from './ticketModel';

export const PAGE_SIZE = 50;

export interface ListState {
  readonly statusCategory: StatusCategory | null;
  readonly priority: Priority | null;
  readonly type: TicketType | null;
  readonly impact: Severity | null;
  readonly assigneeId: string | null;
  readonly groupId: string | null;
  readonly serviceId: string | null;
  readonly text: string;
  readonly sort: SortField;
  readonly direction: SortDirection;
  /** 0-based. */
  readonly page: number;
}

/** The URL parameter of each part of the state. */
export const PARAM = {
  statusCategory: 'status',
  priority: 'priority',
  type: 'type',
  impact: 'impact',
  assigneeId: 'assignee',
  groupId: 'group',
  serviceId: 'service',
  text: 'q',
  sort: 'sort',
  direction: 'dir',
  page: 'page',
} as const satisfies Record<keyof ListState, string>;

export const DEFAULT_SORT: SortField = 'CREATED_AT';

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const id = (value: string | null): string | null => (value !== null && ID.test(value) ? value : null);

export function readListState(query: URLSearchParams): ListState {
  const page = Number.parseInt(query.get(PARAM.page) ?? '1', 10);
  return {
    statusCategory: keyParam(CATEGORY_LABEL, query.get(PARAM.statusCategory)),
    priority: PRIORITIES.includes(query.get(PARAM.priority) as Priority) ? (query.get(PARAM.priority) as Priority) : null,
    type: keyParam(TYPE_LABEL, query.get(PARAM.type)),
    impact: keyParam(SEVERITY_LABEL, query.get(PARAM.impact)),
    assigneeId: id(query.get(PARAM.assigneeId)),
    groupId: id(query.get(PARAM.groupId)),
    serviceId: id(query.get(PARAM.serviceId)),
    text: (query.get(PARAM.text) ?? '').trim().slice(0, 200),
    sort: keyParam(SORT_LABEL, query.get(PARAM.sort)) ?? DEFAULT_SORT,
    direction: query.get(PARAM.direction) === 'ASC' ? 'ASC' : 'DESC',
    // Pages are 1-based in the URL (what a person reads), 0-based here.
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
  };
}

/** The query string for `state`, leaving defaults out so the plain list has a plain URL. */
export function writeListState(state: ListState): URLSearchParams {
  const query = new URLSearchParams();
  const put = (name: string, value: string | null) => {
    if (value !== null && value !== '') query.set(name, value);
  };
  put(PARAM.statusCategory, state.statusCategory);
  put(PARAM.priority, state.priority);
  put(PARAM.type, state.type);
  put(PARAM.impact, state.impact);
  put(PARAM.assigneeId, state.assigneeId);
  put(PARAM.groupId, state.groupId);
  put(PARAM.serviceId, state.serviceId);
  put(PARAM.text, state.text.trim());
  put(PARAM.sort, state.sort === DEFAULT_SORT ? null : state.sort);
  put(PARAM.direction, state.direction === 'DESC' ? null : state.direction);
  put(PARAM.page, state.page > 0 ? String(state.page + 1) : null);
  return query;
}

/** A change of any filter starts again at the first page (page 4 of another filter means nothing). */
export function withFilter(state: ListState, change: Partial<Omit<ListState, 'page'>>): ListState {
  return { ...state, ...change, page: 0 };
}

/** Clicking a column header: the same column flips direction, another starts descending. */
export function withSort(state: ListState, field: SortField): ListState {
  const direction: SortDirection = state.sort === field && state.direction === 'DESC' ? 'ASC' : 'DESC';
  return { ...state, sort: field, direction, page: 0 };
}

export interface ListVariables {
  readonly filter: TicketFilter;
  readonly sort: TicketSort;
  readonly limit: number;
  readonly offset: number;
}

export function listVariables(state: ListState): ListVariables {
  const filter: TicketFilter = {};
  if (state.statusCategory) filter.statusCategory = state.statusCategory;
  if (state.priority) filter.priority = state.priority;
  if (state.type) filter.type = state.type;
  if (state.impact) filter.impact = state.impact;
  if (state.assigneeId) filter.assigneeId = state.assigneeId;
  if (state.groupId) filter.groupId = state.groupId;
  if (state.serviceId) filter.serviceId = state.serviceId;
  if (state.text) filter.text = state.text;
  return { filter, sort: { field: state.sort, direction: state.direction }, limit: PAGE_SIZE, offset: state.page * PAGE_SIZE };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

export function hasFilters(state: ListState): boolean {
  return Object.keys(listVariables(state).filter).length > 0;
}
