/**
 * Totals per status across the fleet: the sum of the root nodes' summaries, which the live changes
 * keep current. A polite live region repeats them in words at most every few seconds: a screen
 * reader hears the totals as they settle, never one announcement per event.
 */
import type { CombinedError } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import type { TreeState } from './nodeTree';
import { sumSummaries, ZERO_SUMMARY, type StatusSummary } from './statusCounts';
import { summaryWords } from './StatusCounts';
import { useSettled } from './useSettled';

const ANNOUNCE_EVERY_MS = 10_000;

const PARTS: readonly { key: Exclude<keyof StatusSummary, 'total'>; word: string }[] = [
  { key: 'operational', word: 'operational' },
  { key: 'degraded', word: 'degraded' },
  { key: 'down', word: 'down' },
  { key: 'maintenance', word: 'in maintenance' },
  { key: 'unknown', word: 'unknown' },
];

export function SummaryBar({ tree, streamError }: { tree: TreeState; streamError: CombinedError | undefined }) {
  const summary = tree.roots === null ? ZERO_SUMMARY : sumSummaries(tree.roots.map((id) => tree.summaries.get(id) ?? ZERO_SUMMARY));
  const announced = useSettled(tree.roots === null ? '' : `Fleet: ${summaryWords(summary)}`, ANNOUNCE_EVERY_MS);
  return (
    <div className="summary-bar">
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="fleet-summary-live">
        {announced}
      </p>
      <div className="summary-counts" data-testid="fleet-summary">
        {tree.roots === null ? (
          <span className="muted">Counting…</span>
        ) : (
          <>
            <span className="summary-total">
              <strong>{summary.total.toLocaleString()}</strong> services
            </span>
            {PARTS.map(({ key, word }) => (
              <span key={key} className={`summary-part status-${key}`} data-count={key}>
                <strong>{summary[key].toLocaleString()}</strong> {word}
              </span>
            ))}
          </>
        )}
      </div>
      <ErrorNotice error={streamError} title="Live updates stopped; reload the page to resume them" />
    </div>
  );
}
