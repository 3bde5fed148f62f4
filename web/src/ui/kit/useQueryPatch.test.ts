import { describe, expect, it } from 'vitest';
import { patchSearch } from './useQueryPatch';

describe('patchSearch', () => {
  it('sets and removes several parameters at once', () => {
    expect(patchSearch('?q=a&offset=50', { q: 'b', offset: null })).toBe('?q=b');
  });

  it('treats an empty value as removal and leaves an empty search empty', () => {
    expect(patchSearch('?role=ADMIN', { role: '' })).toBe('');
  });
});
