import { describe, expect, it } from 'vitest';
import { listVariables, PAGE_SIZE, readListState, withFilter, withSort, writeListState } from './ticketFilters';

const read = (search: string) => readListState(new URLSearchParams(search));

describe('ticket list state in the URL', () => {
  it('reads every filter, the sort and the page from the query', () => {
    const state = read(
      'status=IN_PROGRESS&priority=P2&type=INCIDENT&impact=HIGH&assignee=u1&group=g1&service=s1&q=disk&sort=PRIORITY&dir=ASC&page=3',
    );
    expect(state).toEqual({
      statusCategory: 'IN_PROGRESS',
      priority: 'P2',
      type: 'INCIDENT',
      impact: 'HIGH',
      assigneeId: 'u1',
      groupId: 'g1',
      serviceId: 's1',
      text: 'disk',
      sort: 'PRIORITY',
      direction: 'ASC',
      page: 2,
    });
  });

  it('drops values the server would refuse instead of sending them', () => {
    const state = read('status=OPEN&priority=P9&type=bug&sort=TITLE&dir=sideways&page=-2&assignee=a%20b');
    expect(state.statusCategory).toBeNull();
    expect(state.priority).toBeNull();
    expect(state.type).toBeNull();
    expect(state.assigneeId).toBeNull();
    expect(state.sort).toBe('CREATED_AT');
    expect(state.direction).toBe('DESC');
    expect(state.page).toBe(0);
  });

  it('writes the plain list as an empty query', () => {
    expect(writeListState(read('')).toString()).toBe('');
  });

  it('round-trips a filtered, sorted page through the URL', () => {
    const search = 'status=WAITING&group=g7&q=printer&sort=UPDATED_AT&dir=ASC&page=2';
    expect(read(writeListState(read(search)).toString())).toEqual(read(search));
  });

  it('goes back to the first page when a filter changes', () => {
    expect(withFilter(read('page=4'), { priority: 'P1' }).page).toBe(0);
  });

  it('flips the direction when the same column is sorted again, and starts a new column descending', () => {
    const byPriority = withSort(read(''), 'PRIORITY');
    expect([byPriority.sort, byPriority.direction]).toEqual(['PRIORITY', 'DESC']);
    expect(withSort(byPriority, 'PRIORITY').direction).toBe('ASC');
    expect(withSort(withSort(byPriority, 'PRIORITY'), 'NUMBER').direction).toBe('DESC');
  });
});

describe('ticket list variables', () => {
  it('sends only the filters that are set, and the page as an offset', () => {
    expect(listVariables(read('type=CHANGE&q=%20db%20&page=3'))).toEqual({
      filter: { type: 'CHANGE', text: 'db' },
      sort: { field: 'CREATED_AT', direction: 'DESC' },
      limit: PAGE_SIZE,
      offset: 2 * PAGE_SIZE,
    });
  });
});
