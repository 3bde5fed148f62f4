import type { StorageStatus } from './service.js';

/**
 * Storage status from the free share of allocated space (SPEC.md): more than 30 % free is healthy,
 * 10 % to 30 % (both ends included) is warning, less than 10 % is critical. Compared in integers
 * (free x 100 against allocated x threshold) so the boundaries are exact, not subject to rounding.
 */
export function classifyStorage(allocatedBytes: number, usedBytes: number): { freePercent: number; status: StorageStatus } {
  const free = BigInt(Math.max(0, allocatedBytes - usedBytes));
  const allocated = BigInt(allocatedBytes);
  const status: StorageStatus = free * 100n > allocated * 30n ? 'healthy' : free * 100n >= allocated * 10n ? 'warning' : 'critical';
  const freePercent = Math.round((Number(free) / allocatedBytes) * 100 * 100) / 100;
  return { freePercent, status };
}
