/**
 * The service's SLA figures (sla plugin): each definition covering it, with the service's current
 * period against the target that applies to it (attainment, error budget left, status).
 */
import { gql, useQuery } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatMinutes, formatPercent } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { coveringDefinitions, type CoveringDefinition, type DefinitionCoverage } from './slaCoverage';

const DefinitionsDocument = gql`
  query ServicesSlaDefinitions {
    slaDefinitions {
      id
      name
      targetPercent
      period
      assignments {
        id
        slaGroup
        service {
          id
        }
      }
    }
  }
`;

const CurrentPeriodDocument = gql`
  query ServicesSlaCurrentPeriod($slaDefinitionId: ID!) {
    slaPeriodResults(slaDefinitionId: $slaDefinitionId, limit: 1) {
      periodKey
      services {
        serviceId
        targetValue
        actualValue
        errorBudgetRemainingMinutes
        downtimeMinutes
        status
      }
    }
  }
`;

interface ServiceFigures {
  readonly serviceId: string;
  readonly targetValue: number;
  readonly actualValue: number | null;
  readonly errorBudgetRemainingMinutes: number;
  readonly downtimeMinutes: number;
  readonly status: string;
}

interface CurrentPeriod {
  readonly slaPeriodResults: readonly { readonly periodKey: string; readonly services: readonly ServiceFigures[] }[];
}

export function SlaFigures({ serviceId, slaGroup }: { serviceId: string; slaGroup: string | null }) {
  const [result] = useQuery<{ slaDefinitions: DefinitionCoverage[] }>({ query: DefinitionsDocument });
  if (result.fetching && !result.data) return <Loading label="Loading SLA figures" />;
  if (result.error) return <ErrorNotice error={result.error} />;
  const covering = coveringDefinitions(result.data?.slaDefinitions ?? [], serviceId, slaGroup);
  if (covering.length === 0) return <p className="muted">No SLA definition covers this service. Assign one under SLA.</p>;
  return (
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
          <FiguresRow key={definition.id} definition={definition} serviceId={serviceId} />
        ))}
      </tbody>
    </table>
  );
}

function FiguresRow({ definition, serviceId }: { definition: CoveringDefinition; serviceId: string }) {
  const [result] = useQuery<CurrentPeriod>({ query: CurrentPeriodDocument, variables: { slaDefinitionId: definition.id } });
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
      <td>{formatPercent(figures?.actualValue)}</td>
      <td>{figures ? formatMinutes(figures.errorBudgetRemainingMinutes) : '—'}</td>
      <td>{figures ? <span className={`badge sla-${figures.status.toLowerCase().replace('_', '-')}`}>{figures.status.replace('_', ' ')}</span> : '—'}</td>
    </tr>
  );
}
