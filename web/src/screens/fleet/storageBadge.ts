/**
 * A service's storage trouble beside its status: "storage critical" (less than 10 % free) or "storage warning"
 * (10 % to 30 %), in words with the free share; nothing when healthy or never reported. Not a status (SPEC.md
 * gives none for it), so it never replaces the status badge. `{badge ? <Badge {...badge} /> : null}`.
 */
import type { BadgeProps } from '../../ui/kit/Badge';

export function storageBadge(storage: { readonly status: string; readonly freePercent: number } | null): BadgeProps | null {
  if (storage === null || (storage.status !== 'warning' && storage.status !== 'critical')) return null;
  const critical = storage.status === 'critical';
  return {
    ...(critical ? { tone: 'alert' } : { palette: 'storage-warning' }),
    data: { storage: storage.status },
    title: `${storage.freePercent} % of its storage free`,
    children: `storage ${storage.status}`,
  };
}
