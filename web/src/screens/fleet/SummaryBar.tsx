/**
 * Totals per status across the fleet: the sum of the root nodes' summaries, which the live changes
 * keep current. A polite live region: a screen reader hears the totals when they settle, never
 * one announcement per event.
 */
import type { CombinedError } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import type { TreeState } from './nodeTree';
import { sumSummaries, ZERO_SUMMARY, type StatusSummary } from './statusCounts';

const PARTS: readonly { key: Exclude<keyof StatusSummary, 'total'>; word: string }[] = [
  { key: 'operational', word: 'operational' },
  { key: 'degraded', word: 'degraded' },
  { key: 'down', word: 'down' },
  { key: 'maintenance', word: 'in maintenance' },
  { key: 'unknown', word: 'unknown' },
];

export function SummaryBar({ tree, streamError }: { tree: TreeState; streamError: CombinedError | undefined }) {
  const summary = tree.roots === null ? ZERO_SUMMARY : sumSummaries(tree.roots.map((id) => tree.summaries.get(id) ?? ZERO_SUMMARY));
  return (
    <div className="summary-bar">
      <div className="summary-counts" aria-live="polite" aria-atomic="true" data-testid="fleet-summary">
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
