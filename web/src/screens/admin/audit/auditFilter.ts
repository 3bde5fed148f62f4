/**
 * The audit trail's filters live in the URL (?actor=&action=&outcome=&kind=&from=&to=&offset=) so a
 * search can be shared and survives a reload. Times are kept as the browser's local
 * `datetime-local` text and sent as ISO instants.
 */
import type { AuditFilter, AuditOutcome } from '../../../gql/graphql';
import { offsetFromQuery } from '../../../ui/kit/queryParams';

export const AUDIT_PAGE = 50;

export interface AuditFilterState {
  readonly actor: string;
  readonly action: string;
  readonly outcome: AuditOutcome | null;
  readonly kind: 'graphql' | 'rest' | null;
  /** `YYYY-MM-DDTHH:mm`, local time; '' for none. */
  readonly from: string;
  readonly to: string;
  readonly offset: number;
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

function localTime(value: string | null): string {
  return value !== null && LOCAL_TIME.test(value) && !Number.isNaN(new Date(value).getTime()) ? value : '';
}

export function auditFilterFromQuery(query: URLSearchParams): AuditFilterState {
  const outcome = query.get('outcome');
  const kind = query.get('kind');
  return {
    actor: query.get('actor') ?? '',
    action: query.get('action') ?? '',
    outcome: outcome === 'SUCCESS' || outcome === 'FAILURE' ? outcome : null,
    kind: kind === 'graphql' || kind === 'rest' ? kind : null,
    from: localTime(query.get('from')),
    to: localTime(query.get('to')),
    offset: offsetFromQuery(query.get('offset'), AUDIT_PAGE),
  };
}

/** The GraphQL AuditFilter: only what is set. */
export function auditFilterInput(state: AuditFilterState): AuditFilter {
  const filter: AuditFilter = {};
  if (state.actor.trim()) filter.actor = state.actor.trim();
  if (state.action.trim()) filter.action = state.action.trim();
  if (state.outcome) filter.outcome = state.outcome;
  if (state.kind) filter.kind = state.kind;
  if (state.from) filter.from = new Date(state.from).toISOString();
  if (state.to) filter.to = new Date(state.to).toISOString();
  return filter;
}

/** "from" after "to" finds nothing: say so instead of showing an empty list. */
export function auditFilterProblem(state: AuditFilterState): string | null {
  if (state.from && state.to && new Date(state.from).getTime() > new Date(state.to).getTime())
    return 'The "From" time is after the "To" time: nothing can match.';
  return null;
}

/** The audit detail is JSON text; shown indented when it parses, as is otherwise. */
export function prettyDetail(detail: string | null): string {
  if (!detail) return '';
  try {
    return JSON.stringify(JSON.parse(detail), null, 2);
  } catch {
    return detail;
  }
}
