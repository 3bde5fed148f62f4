/**
 * A batch of health pushes: each readable entry is applied as its own push would be, in the order
 * sent (two entries for one service: the later one wins, as two pushes one after the other), all
 * inside the caller's one commit. Refused entries change nothing and keep their place in the answer.
 */
import type { Fleet } from '../fleet/fleet.js';
import type { BatchEntry } from '../protocol/healthReportBatch.js';
import { ingestHealthReport, type HealthReportOutcome } from './healthReport.js';

export type BatchEntryOutcome =
  | { readonly index: number; readonly ok: true; readonly outcome: HealthReportOutcome; readonly warnings: readonly string[] }
  | { readonly index: number; readonly ok: false; readonly error: string };

export function ingestHealthReportBatch(fleet: Fleet, entries: readonly BatchEntry[], at: number): BatchEntryOutcome[] {
  return entries.map((entry) => {
    if (!entry.ok) return entry;
    const outcome = ingestHealthReport(fleet, entry.report, at);
    return { index: entry.index, ok: true, outcome, warnings: [...entry.warnings, ...outcome.warnings] };
  });
}
