/**
 * Field edit locks of one entity: the current locks (live from `editLockChanged`), and taking,
 * keeping and giving back this person's own. A held lock is renewed every third of its lifetime
 * until released; every lock still held is released when the page unmounts (and the server drops
 * them anyway when the last connection of the session closes).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useClient, useSubscription } from 'urql';
import type { CombinedError } from '@urql/core';
import { describeError } from '../api/errors';
import { useViewer } from '../session/SessionContext';
import { fieldLockState, nextExpiry, renewIntervalMs, type EditLockView, type FieldLockState } from './lockState';
import { AcquireDocument, LocksDocument, ReleaseDocument, RenewDocument } from './documents';

export interface EditLocks {
  readonly locks: readonly EditLockView[];
  readonly error: CombinedError | undefined;
  stateOf(field: string): FieldLockState;
  /** Take the field's lock; resolves to null, or to what went wrong in words (e.g. who holds it). */
  acquire(field: string): Promise<string | null>;
  release(field: string): void;
}

export function useEditLocks(entityType: string, entityId: string, ttlSeconds = 30): EditLocks {
  const self = useViewer();
  const client = useClient();
  const [result] = useSubscription({ query: LocksDocument, variables: { entityType, entityId } });
  const locks = useMemo(() => result.data?.editLockChanged.locks ?? [], [result.data]);
  const held = useRef(new Set<string>());
  const [now, setNow] = useState(() => Date.now());

  // Re-evaluate when the next lock runs out, so an expired lock frees its field without an event.
  useEffect(() => {
    setNow(Date.now());
    const at = nextExpiry(locks, Date.now());
    if (at === null) return;
    const timer = setTimeout(() => setNow(Date.now()), at - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [locks]);

  const variables = useCallback((field: string) => ({ entityType, entityId, field }), [entityType, entityId]);

  // Fields this page wants: a release that comes while the acquire is still on its way wins.
  const wanted = useRef(new Set<string>());

  const release = useCallback(
    (field: string) => {
      wanted.current.delete(field);
      if (!held.current.delete(field)) return;
      void client.mutation(ReleaseDocument, variables(field)).toPromise();
    },
    [client, variables],
  );

  const acquire = useCallback(
    async (field: string) => {
      wanted.current.add(field);
      const answer = await client.mutation(AcquireDocument, { ...variables(field), ttlSeconds }).toPromise();
      if (answer.error) {
        wanted.current.delete(field);
        return describeError(answer.error).message;
      }
      held.current.add(field);
      // Left (or unmounted) before the lock arrived: give it straight back rather than keep it renewed.
      if (!wanted.current.has(field)) release(field);
      return null;
    },
    [client, variables, ttlSeconds, release],
  );

  useEffect(() => {
    const timer = setInterval(() => {
      for (const field of held.current) {
        void client
          .mutation(RenewDocument, { ...variables(field), ttlSeconds })
          .toPromise()
          .then((answer) => {
            // Expired or taken over meanwhile: it is no longer ours; the field shows who has it now.
            if (answer.error) held.current.delete(field);
          });
      }
    }, renewIntervalMs(ttlSeconds));
    const heldNow = held.current;
    const wantedNow = wanted.current;
    return () => {
      clearInterval(timer);
      for (const field of heldNow) void client.mutation(ReleaseDocument, variables(field)).toPromise();
      heldNow.clear();
      wantedNow.clear();
    };
  }, [client, variables, ttlSeconds]);

  const stateOf = useCallback((field: string) => fieldLockState(locks, field, self.id, now), [locks, self.id, now]);
  return { locks, error: result.error, stateOf, acquire, release };
}
