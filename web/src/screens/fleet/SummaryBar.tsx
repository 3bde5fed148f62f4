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
import type { StorageState } from './fleetFilter';

const ANNOUNCE_EVERY_MS = 10_000;

const PARTS: readonly { key: Exclude<keyof StatusSummary, 'total'>; word: string }[] = [
  { key: 'operational', word: 'operational' },
  { key: 'degraded', word: 'degraded' },
  { key: 'down', word: 'down' },
  { key: 'maintenance', word: 'in maintenance' },
  { key: 'unknown', word: 'unknown' },
];

interface Props {
  readonly tree: TreeState;
  readonly streamError: CombinedError | undefined;
  /** Show the services in these storage states (the storage card's links). */
  onShowStorage?(states: StorageState[]): void;
}

export function SummaryBar({ tree, streamError, onShowStorage }: Props) {
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
            <StorageCard summary={summary} onShow={onShowStorage} />
          </>
        )}
      </div>
      <ErrorNotice error={streamError} title="Live updates stopped; reload the page to resume them" />
    </div>
  );
}

/**
 * Storage trouble across the fleet: services whose latest storage report is critical or warning, whatever their
 * status (a storage state is not a status). Each count is a link to the services it counts.
 */
function StorageCard({ summary, onShow }: { summary: StatusSummary; onShow: ((states: StorageState[]) => void) | undefined }) {
  const parts = [
    { key: 'storageCritical', state: 'CRITICAL', word: 'critical', className: 'badge badge-alert' },
    { key: 'storageWarning', state: 'WARNING', word: 'warning', className: 'badge storage-warning' },
  ] as const;
  return (
    <span className="summary-storage" data-testid="fleet-storage">
      Storage:{' '}
      {parts.map(({ key, state, word, className }) => {
        const text = (
          <>
            <strong>{summary[key].toLocaleString()}</strong> {word}
          </>
        );
        return (
          <span key={key} className={summary[key] > 0 ? className : 'summary-part'} data-count={key}>
            {onShow && summary[key] > 0 ? (
              <button
                type="button"
                className="button-link"
                onClick={() => onShow([state])}
                title={`show the services with storage ${word}`}
              >
                {text}
              </button>
            ) : (
              text
            )}{' '}
          </span>
        );
      })}
    </span>
  );
}
