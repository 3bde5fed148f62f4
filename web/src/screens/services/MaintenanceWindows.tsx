/**
 * Maintenance (exclusion) windows of one service (sla plugin): the active one with a Stop button,
 * the recent ones, and a form to start one now with a reason and a duration. While a window is
 * active the service shows MAINTENANCE and its minutes count in no SLA figure (the server's rule).
 */
import type { ServicesMaintenanceWindowsQuery } from '../../gql/graphql';
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { TextField } from '../../ui/fields';
import { formatDateTime } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { maintenanceInput, type MaintenanceDraft } from './maintenanceForm';
import { useNetworkRefetchOnKeyChange } from '../../ui/kit/refetch';
import { StartDocument, StopDocument, WindowsDocument } from './documents';

type MaintenanceWindow = ServicesMaintenanceWindowsQuery['slaExclusionWindows'][number];

const EMPTY: MaintenanceDraft = { reason: '', durationMinutes: '' };

/** `statusKey` changes with the service's status: a window that ends by itself shows as ended then. */
export function MaintenanceWindows({
  serviceId,
  canAct,
  statusKey,
  onChanged,
}: {
  serviceId: string;
  canAct: boolean;
  statusKey: string;
  onChanged(): void;
}) {
  const [result, reexecute] = useQuery({ query: WindowsDocument, variables: { serviceId } });
  useNetworkRefetchOnKeyChange(statusKey, reexecute);
  const [started, start] = useMutation(StartDocument);
  const [stopped, stop] = useMutation(StopDocument);
  const [draft, setDraft] = useState<MaintenanceDraft>(EMPTY);
  const [errors, setErrors] = useState<{ reason?: string; durationMinutes?: string }>({});

  const refresh = () => {
    reexecute({ requestPolicy: 'network-only' });
    onChanged();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = maintenanceInput(draft, Date.now());
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const answer = await start({ input: { serviceId, ...checked.input } });
    if (!answer.error) {
      setDraft(EMPTY);
      refresh();
    }
  };

  const stopWindow = async (id: string) => {
    const answer = await stop({ id });
    if (!answer.error) refresh();
  };

  if (result.fetching && !result.data) return <Loading label="Loading maintenance windows" />;
  if (result.error) return <ErrorNotice error={result.error} />;
  const windows = result.data?.slaExclusionWindows ?? [];
  const active = windows.find((window) => window.active) ?? null;

  return (
    <div className="stack">
      {active ? (
        <div className="notice maintenance-active" role="status">
          <strong>In maintenance</strong> since {formatDateTime(active.startedAt)}
          {active.expectedEndAt ? `, ends ${formatDateTime(active.expectedEndAt)}` : ', until stopped'}
          {active.reason ? ` — ${active.reason}` : ''}
          {canAct ? (
            <div className="row">
              <button type="button" className="button-danger" onClick={() => void stopWindow(active.id)} disabled={stopped.fetching}>
                {stopped.fetching ? 'Stopping…' : 'Stop maintenance'}
              </button>
            </div>
          ) : null}
          <ErrorNotice error={stopped.error} title="The window was not stopped" />
        </div>
      ) : canAct ? (
        <form className="maintenance-form" onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label="Reason"
            value={draft.reason}
            error={errors.reason}
            onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
            placeholder="e.g. kernel upgrade"
          />
          <TextField
            label="Duration (minutes)"
            inputMode="numeric"
            value={draft.durationMinutes}
            error={errors.durationMinutes}
            hint="Leave empty to keep the window until it is stopped."
            onChange={(event) => setDraft({ ...draft, durationMinutes: event.target.value })}
          />
          <button type="submit" className="button-primary" disabled={started.fetching}>
            {started.fetching ? 'Starting…' : 'Start maintenance now'}
          </button>
          <ErrorNotice error={started.error} title="The window was not started" />
        </form>
      ) : (
        <p className="muted">Not in maintenance.</p>
      )}
      {windows.length > 0 ? (
        <table className="table">
          <caption className="visually-hidden">Recent maintenance windows</caption>
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Ended</th>
              <th scope="col">Reason</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {windows.map((window) => (
              <tr key={window.id}>
                <td>{formatDateTime(window.startedAt)}</td>
                <td>{window.active ? 'active' : `${formatDateTime(window.endedAt)} (${endedHow(window)})`}</td>
                <td>{window.reason ?? '—'}</td>
                <td>{window.createdBy?.username ?? (window.createdVia === 'API_KEY' ? 'machine (API key)' : '—')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No maintenance windows yet.</p>
      )}
    </div>
  );
}

function endedHow(window: MaintenanceWindow): string {
  if (window.endedBy === 'EXPIRY') return 'expired';
  const who = window.endedByUser?.username;
  const what = window.endedBy === 'DELETE' ? 'deleted' : 'stopped';
  return who ? `${what} by ${who}` : what;
}
