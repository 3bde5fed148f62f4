/**
 * The service's SLA figures (sla plugin): each definition covering it, with the service's current
 * period against the target that applies to it (attainment, error budget left, status), in the
 * SLA screens' words: the same status badge, and how little of the period was seen when that is too
 * little to judge.
 */
import { useMemo } from 'react';
import { useQuery } from 'urql';
import type { CombinedError } from '@urql/core';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatMinutes, formatPercent } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { useNetworkRefetchOnKeyChange } from '../../ui/kit/refetch';
import { coveringDefinitions, type CoveringDefinition } from './slaCoverage';
import { Attainment } from '../../ui/SlaStatus';
import { Badge } from '../../ui/kit/Badge';
import { slaStatusBadge } from '../../ui/badges';
import { CurrentPeriodDocument, DefinitionsDocument } from './documents';

/** The definitions covering the service; the figures and the trends share the one request (urql dedupes it). */
export function useCoveringDefinitions(
  serviceId: string,
  slaGroup: string | null,
): { covering: CoveringDefinition[] | null; fetching: boolean; error: CombinedError | undefined } {
  const [result] = useQuery({ query: DefinitionsDocument });
  const definitions = result.data?.slaDefinitions;
  const covering = useMemo(
    () => (definitions ? coveringDefinitions(definitions, serviceId, slaGroup) : null),
    [definitions, serviceId, slaGroup],
  );
  return { covering, fetching: result.fetching, error: result.error };
}

export const NOT_COVERED = 'No SLA definition covers this service: assign one under SLA to measure it.';

/** `statusKey` changes with the service's status: the figures are asked again then. */
export function SlaFigures({ serviceId, slaGroup, statusKey }: { serviceId: string; slaGroup: string | null; statusKey: string }) {
  const { covering, error } = useCoveringDefinitions(serviceId, slaGroup);
  if (error) return <ErrorNotice error={error} />;
  if (!covering) return <Loading label="Loading SLA figures" />;
  if (covering.length === 0) return <p className="muted">{NOT_COVERED}</p>;
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Definition</th>
            <th scope="col">Period</th>
            <th scope="col">Target</th>
            <th scope="col">Attained</th>
            <th scope="col">Budget left</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {covering.map((definition) => (
            <FiguresRow key={definition.id} definition={definition} serviceId={serviceId} statusKey={statusKey} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FiguresRow({ definition, serviceId, statusKey }: { definition: CoveringDefinition; serviceId: string; statusKey: string }) {
  const [result, reexecute] = useQuery({ query: CurrentPeriodDocument, variables: { slaDefinitionId: definition.id } });
  useNetworkRefetchOnKeyChange(statusKey, reexecute);
  const period = result.data?.slaPeriodResults[0];
  const figures = period?.services.find((row) => row.serviceId === serviceId);
  const name = (
    <th scope="row">
      {definition.name} <span className="muted">({definition.via})</span>
    </th>
  );
  if (result.error) {
    return (
      <tr>
        {name}
        <td colSpan={5}>
          <ErrorNotice error={result.error} />
        </td>
      </tr>
    );
  }
  return (
    <tr>
      {name}
      <td>{period?.periodKey ?? '…'}</td>
      <td>{formatPercent(figures?.targetValue)}</td>
      <td>{figures ? <Attainment text={formatPercent(figures.actualValue)} coveragePercent={figures.coveragePercent} /> : '—'}</td>
      <td>{figures ? formatMinutes(figures.errorBudgetRemainingMinutes) : '—'}</td>
      <td>{figures ? <Badge {...slaStatusBadge(figures.status)} /> : '—'}</td>
    </tr>
  );
}
