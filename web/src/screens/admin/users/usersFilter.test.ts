import { describe, expect, it } from 'vitest';
import { USERS_PAGE, userFilterInput, usersFilterFromQuery } from './usersFilter';

describe('users filter in the URL', () => {
  it('reads search, role, active and the page offset', () => {
    const state = usersFilterFromQuery(new URLSearchParams(`q=ali&role=OPERATOR&active=no&offset=${USERS_PAGE}`));
    expect(state).toEqual({ search: 'ali', role: 'OPERATOR', active: false, offset: USERS_PAGE });
  });

  it('ignores an unknown role and a malformed offset', () => {
    const state = usersFilterFromQuery(new URLSearchParams('role=ROOT&offset=-3&active=maybe'));
    expect(state).toEqual({ search: '', role: null, active: null, offset: 0 });
  });

  it('rounds an offset down to the start of its page', () => {
    expect(usersFilterFromQuery(new URLSearchParams(`offset=${USERS_PAGE + 7}`)).offset).toBe(USERS_PAGE);
  });

  it('sends only the filters that are set, trimmed', () => {
    expect(userFilterInput({ search: '  bob ', role: null, active: true, offset: 0 })).toEqual({ search: 'bob', active: true });
    expect(userFilterInput({ search: ' ', role: null, active: null, offset: 0 })).toEqual({});
  });
});
