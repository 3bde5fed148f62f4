/**
 * Writing a screen's view to the URL, in place (the view replaces the history entry: filtering is not
 * navigating). `useQueryPatch` changes several parameters in one history entry (useQueryParams changes
 * one at a time, and two calls in a row would each start from the same old location), so a filter
 * change can also reset the page offset; `useQueryReplace` writes a whole query an area's filter
 * module built.
 */
import { useCallback } from 'react';
import { useRouter } from '../../app/router';

export function patchSearch(search: string, patch: Readonly<Record<string, string | null>>): string {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}

export function useQueryPatch(): (patch: Readonly<Record<string, string | null>>) => void {
  const { location, navigate } = useRouter();
  return useCallback(
    (patch) => navigate(`${location.path}${patchSearch(location.search, patch)}`, { replace: true }),
    [location, navigate],
  );
}

export function useQueryReplace(): (query: URLSearchParams | string) => void {
  const { location, navigate } = useRouter();
  return useCallback(
    (query) => {
      const search = query.toString();
      navigate(`${location.path}${search ? `?${search}` : ''}`, { replace: true });
    },
    [location.path, navigate],
  );
}
