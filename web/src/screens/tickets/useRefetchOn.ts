/** Re-asks for a section's data when the ticket page hears that the ticket changed (`version` grows). */
import { useEffect, useRef } from 'react';

export function useRefetchOn(version: number, refetch: () => void): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (version > 0) latest.current();
  }, [version]);
}
