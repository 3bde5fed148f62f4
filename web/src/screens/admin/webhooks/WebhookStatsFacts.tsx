/** A webhook's (or all webhooks') delivery figures since the server started counting. */
import { formatDateTime, formatRelative } from '../../../ui/format';
import type { WebhookStats } from './documents';

export function WebhookStatsFacts({ stats, label }: { stats: WebhookStats; label: string }) {
  return (
    <section className="card" aria-label={label}>
      <div className="stat-row">
        <div>
          <span className="muted">Deliveries</span>
          <strong>{stats.deliveries}</strong>
        </div>
        <div>
          <span className="muted">Delivered</span>
          <strong>{stats.delivered}</strong>
        </div>
        <div>
          <span className="muted">Failed</span>
          <strong>{stats.failed}</strong>
        </div>
        <div>
          <span className="muted">Waiting</span>
          <strong>{stats.pending}</strong>
        </div>
        <div>
          <span className="muted">Attempts (ok / failed / refused)</span>
          <strong>
            {stats.attempts} ({stats.successes} / {stats.failures} / {stats.refused})
          </strong>
        </div>
        <div>
          <span className="muted">Average time</span>
          <strong>{stats.averageDurationMs === null ? '—' : `${Math.round(stats.averageDurationMs)} ms`}</strong>
        </div>
        <div>
          <span className="muted">Last success</span>
          <strong>{stats.lastSuccessAt ? formatRelative(stats.lastSuccessAt) : 'never'}</strong>
        </div>
        <div>
          <span className="muted">Last failure</span>
          <strong>{stats.lastFailureAt ? formatRelative(stats.lastFailureAt) : 'never'}</strong>
        </div>
      </div>
      <p className="muted">Counted since {formatDateTime(stats.since)}.</p>
    </section>
  );
}
