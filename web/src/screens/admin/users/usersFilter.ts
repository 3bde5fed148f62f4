/** The user list's filters live in the URL (shareable, kept on reload): ?q=&role=&active=&offset=. */
import type { UserFilter } from '../../../gql/graphql';
import { ROLES, type Role } from './userForm';
import { offsetFromQuery } from '../../../ui/kit/queryParams';

export const USERS_PAGE = 50;

export interface UsersFilterState {
  readonly search: string;
  readonly role: Role | null;
  /** null: active and inactive. */
  readonly active: boolean | null;
  readonly offset: number;
}

export function usersFilterFromQuery(query: URLSearchParams): UsersFilterState {
  const role = query.get('role');
  const active = query.get('active');
  return {
    search: query.get('q') ?? '',
    role: role !== null && (ROLES as readonly string[]).includes(role) ? (role as Role) : null,
    active: active === 'yes' ? true : active === 'no' ? false : null,
    offset: offsetFromQuery(query.get('offset'), USERS_PAGE),
  };
}

/** The GraphQL UserFilter: only what is set. */
export function userFilterInput(state: UsersFilterState): UserFilter {
  const filter: UserFilter = {};
  if (state.search.trim() !== '') filter.search = state.search.trim();
  if (state.role) filter.role = state.role;
  if (state.active !== null) filter.active = state.active;
  return filter;
}
