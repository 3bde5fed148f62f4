/** Counts per status as words and numbers (never colour alone); zero counts are left out. */
import type { StatusSummary } from './statusCounts';

const ORDER = [
  ['down', 'down'],
  ['degraded', 'degraded'],
  ['maintenance', 'maintenance'],
  ['unknown', 'unknown'],
  ['operational', 'operational'],
] as const;

/** The counts as one phrase, for accessible names: "3 services: 1 down, 2 operational". */
export function summaryWords(summary: StatusSummary): string {
  const parts = ORDER.filter(([key]) => summary[key] > 0).map(([key, word]) => `${summary[key]} ${word}`);
  return `${summary.total} service${summary.total === 1 ? '' : 's'}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

export function StatusCounts({ summary, compact = false }: { summary: StatusSummary; compact?: boolean }) {
  const shown = ORDER.filter(([key]) => summary[key] > 0);
  return (
    <span className={`status-counts${compact ? ' status-counts-compact' : ''}`}>
      {shown.map(([key, word]) => (
        <span key={key} className={`count status-${key}`} data-count={key}>
          {summary[key].toLocaleString()} {word}
        </span>
      ))}
      {shown.length === 0 ? <span className="count muted">no services</span> : null}
    </span>
  );
}
