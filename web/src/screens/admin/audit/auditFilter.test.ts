import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE, auditFilterFromQuery, auditFilterInput, auditFilterProblem, prettyDetail } from './auditFilter';

describe('audit filters in the URL', () => {
  it('reads every filter and the offset', () => {
    const state = auditFilterFromQuery(
      new URLSearchParams(
        `actor=admin&action=createUser&outcome=FAILURE&kind=graphql&from=2026-01-02T03:04&to=2026-01-03T00:00&offset=${AUDIT_PAGE * 2}`,
      ),
    );
    expect(state).toEqual({
      actor: 'admin',
      action: 'createUser',
      outcome: 'FAILURE',
      kind: 'graphql',
      from: '2026-01-02T03:04',
      to: '2026-01-03T00:00',
      offset: AUDIT_PAGE * 2,
    });
  });

  it('drops values it cannot use', () => {
    const state = auditFilterFromQuery(new URLSearchParams('outcome=MAYBE&kind=soap&from=yesterday&offset=x'));
    expect(state).toMatchObject({ outcome: null, kind: null, from: '', offset: 0 });
  });

  it('sends local times as ISO instants and leaves out empty filters', () => {
    const state = auditFilterFromQuery(new URLSearchParams('action= createUser &from=2026-01-02T03:04'));
    expect(auditFilterInput(state)).toEqual({ action: 'createUser', from: new Date('2026-01-02T03:04').toISOString() });
  });

  it('says when "from" is after "to"', () => {
    const state = auditFilterFromQuery(new URLSearchParams('from=2026-02-01T00:00&to=2026-01-01T00:00'));
    expect(auditFilterProblem(state)).toMatch(/after/);
    expect(auditFilterProblem({ ...state, to: '' })).toBeNull();
  });
});

describe('audit detail', () => {
  it('indents JSON and keeps other text as it is', () => {
    expect(prettyDetail('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyDetail('GET /x')).toBe('GET /x');
    expect(prettyDetail(null)).toBe('');
  });
});
