/**
 * One SLA definition: its settings, scoped targets and what it covers (editable by operators and
 * admins), its period results and trend, and deleting it after a confirmation.
 */
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, useRouter, type ScreenProps } from '../../app/router';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDateTime } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { DefinitionCoverage } from './DefinitionCoverage';
import { DefinitionFigures } from './DefinitionFigures';
import { canEditSla } from './slaAccess';
import { formatBurnRate, formatTarget } from './slaFigures';
import type { SlaDefinitionDetail } from './slaTypes';
import { DEFINITION, DELETE } from './documents';
import './sla.css';

export default function DefinitionScreen({ params }: ScreenProps) {
  const id = params['id'] ?? '';
  const viewer = useViewer();
  const editable = canEditSla(viewer.role);
  const [result, reexecute] = useQuery({ query: DEFINITION, variables: { id } });
  const definition = result.data?.slaDefinition;
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  return (
    <>
      <PageHeader
        title={definition?.name ?? 'SLA definition'}
        subtitle={<Link to="/sla/definitions">All definitions</Link>}
        actions={
          definition && editable ? (
            <Link to={`/sla/definitions/${id}/edit`} className="button">
              Edit
            </Link>
          ) : null
        }
      />
      <ErrorNotice error={result.error} />
      {!result.data && result.fetching ? <Loading label="Loading the definition" /> : null}
      {result.data && !definition ? (
        <p>
          There is no such definition; it may have been deleted. <Link to="/sla/definitions">Back to the list</Link>.
        </p>
      ) : null}
      {definition ? (
        <div className="stack">
          <section className="card" aria-labelledby="sla-def-settings">
            <h2 id="sla-def-settings">Settings</h2>
            {definition.description ? <p>{definition.description}</p> : null}
            <dl className="facts">
              <dt>Target</dt>
              <dd data-testid="sla-definition-target">{formatTarget(definition.targetPercent)}</dd>
              <dt>Period</dt>
              <dd>
                {definition.period.toLowerCase()} in {definition.timeZone ?? 'UTC'}
              </dd>
              <dt>DEGRADED</dt>
              <dd>{definition.degradedCountsAsDown ? 'counts as downtime' : 'counts as up'}</dd>
              <dt>Fast burn alert</dt>
              <dd>
                above {formatBurnRate(definition.burnRates.fast.threshold)} over {definition.burnRates.fast.longWindowMinutes} and{' '}
                {definition.burnRates.fast.shortWindowMinutes} min
              </dd>
              <dt>Slow burn alert</dt>
              <dd>
                above {formatBurnRate(definition.burnRates.slow.threshold)} over {definition.burnRates.slow.longWindowMinutes} and{' '}
                {definition.burnRates.slow.shortWindowMinutes} min
              </dd>
              <dt>Tickets</dt>
              <dd>
                {definition.raiseTicket
                  ? `raised for each incident${definition.ticketCatalogItem ? ` (${definition.ticketCatalogItem})` : ''}`
                  : 'not raised'}
              </dd>
              <dt>Changed</dt>
              <dd>{formatDateTime(definition.updatedAt)}</dd>
              <dt>Alerts</dt>
              <dd>
                <Link to={`/sla/alerts?status=all&definition=${definition.id}`}>Alerts of this definition</Link>
              </dd>
              <dt>Changes</dt>
              <dd>
                <Link to={`/sla/events?definition=${definition.id}`}>Event log of this definition</Link>
              </dd>
            </dl>
          </section>
          <DefinitionCoverage definition={definition} editable={editable} onChanged={refresh} />
          {/* Remounted (and so re-queried) when what it measures changes: its results are other types than the mutations return. */}
          <DefinitionFigures key={coverageKey(definition)} definition={definition} />
          {editable ? <DeleteDefinition id={definition.id} name={definition.name} /> : null}
        </div>
      ) : null}
    </>
  );
}

/** Everything the figures depend on: coverage, scoped targets and the settings (updatedAt). */
function coverageKey(definition: SlaDefinitionDetail): string {
  return [
    definition.updatedAt,
    ...definition.assignments.map((a) => a.id),
    ...definition.targets.map((t) => `${t.id}=${t.targetPercent}`),
  ].join('|');
}

function DeleteDefinition({ id, name }: { id: string; name: string }) {
  const { navigate } = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [deleted, remove] = useMutation(DELETE);
  const confirm = async () => {
    const answer = await remove({ id });
    if (answer.data) navigate('/sla/definitions');
  };
  return (
    <section className="card sla-danger" aria-labelledby="sla-def-delete">
      <h2 id="sla-def-delete">Delete</h2>
      <p className="muted">
        Its targets, assignments and stored period results go with it, and its open alerts are resolved. Incidents and the event log keep
        naming it.
      </p>
      {confirming ? (
        <div className="row" role="group" aria-label="Confirm deletion">
          <span>Delete “{name}” for good?</span>
          <button type="button" className="button-danger" disabled={deleted.fetching} onClick={() => void confirm()}>
            {deleted.fetching ? 'Deleting…' : 'Yes, delete it'}
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: the confirmation moves focus to the safe choice, so Enter does not delete */}
          <button type="button" disabled={deleted.fetching} onClick={() => setConfirming(false)} autoFocus>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className="button-danger" onClick={() => setConfirming(true)}>
          Delete definition…
        </button>
      )}
      <ErrorNotice error={deleted.error} title="Not deleted" />
    </section>
  );
}
