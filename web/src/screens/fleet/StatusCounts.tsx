/**
 * Counts per status as words and numbers (never colour alone); zero counts are left out. Storage trouble
 * (warning, critical) follows as its own badges: it is not a status, so it is not part of the total.
 */
import { Fragment } from 'react';
import type { StatusSummary } from './statusCounts';

const ORDER = [
  ['down', 'down'],
  ['degraded', 'degraded'],
  ['maintenance', 'maintenance'],
  ['unknown', 'unknown'],
  ['operational', 'operational'],
] as const;

const STORAGE = [
  ['storageCritical', 'storage critical', 'badge-alert'],
  ['storageWarning', 'storage warning', 'storage-warning'],
] as const;

/** The storage badges' words, worst first: ["2 storage critical", "1 storage warning"]; zero counts left out. */
export function storageWords(summary: StatusSummary): string[] {
  return STORAGE.filter(([key]) => summary[key] > 0).map(([key, word]) => `${summary[key]} ${word}`);
}

/** The counts as one phrase, for accessible names: "3 services: 1 down, 2 operational". */
export function summaryWords(summary: StatusSummary): string {
  const parts = ORDER.filter(([key]) => summary[key] > 0).map(([key, word]) => `${summary[key]} ${word}`);
  return `${summary.total} service${summary.total === 1 ? '' : 's'}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

/**
 * A node's accessible name: its visible words in their order (name, the "no node" badge, the counts,
 * the total), with the punctuation and the word "services" a listener needs: "eu, 1 down, 2 operational,
 * 3 services". A name that kept the visible text out of order would fail WCAG 2.5.3 (label in name).
 */
export function nodeLabel(name: string, withoutNode: boolean, summary: StatusSummary): string {
  const parts = ORDER.filter(([key]) => summary[key] > 0).map(([key, word]) => `${summary[key]} ${word}`);
  const storage = storageWords(summary)
    .map((words) => `, ${words}`)
    .join('');
  return `${name}${withoutNode ? ' no node' : ''}, ${parts.length > 0 ? parts.join(', ') : 'no services'}${storage}, ${summary.total} service${summary.total === 1 ? '' : 's'}`;
}

export function StatusCounts({ summary, compact = false }: { summary: StatusSummary; compact?: boolean }) {
  const shown = ORDER.filter(([key]) => summary[key] > 0);
  return (
    <span className={`status-counts${compact ? ' status-counts-compact' : ''}`}>
      {shown.map(([key, word]) => (
        <Fragment key={key}>
          <span className={`count status-${key}`} data-count={key}>
            {summary[key].toLocaleString()} {word}
          </span>{' '}
        </Fragment>
      ))}
      {shown.length === 0 ? <span className="count muted">no services</span> : null}
      {STORAGE.filter(([key]) => summary[key] > 0).map(([key, word, className]) => (
        <Fragment key={key}>
          <span className={`count badge ${className}`} data-count={key} title="services whose latest storage report is in this state">
            {summary[key].toLocaleString()} {word}
          </span>{' '}
        </Fragment>
      ))}
    </span>
  );
}
