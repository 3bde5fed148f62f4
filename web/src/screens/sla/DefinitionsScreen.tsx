/** Every SLA definition, by name, with what it covers; operators and admins create new ones here. */
import { useQuery } from 'urql';
import { Link, type ScreenProps } from '../../app/router';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDateTime } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { canEditSla } from './slaAccess';
import { coverageText, formatTarget } from './slaFigures';
import { DEFINITIONS } from './documents';
import './sla.css';

export default function DefinitionsScreen(_props: ScreenProps) {
  const viewer = useViewer();
  const [result] = useQuery({ query: DEFINITIONS });
  const definitions = result.data?.slaDefinitions;
  return (
    <>
      <PageHeader
        title="SLA definitions"
        subtitle="What is measured against what target, over which calendar period."
        actions={
          canEditSla(viewer.role) ? (
            <Link to="/sla/definitions/new" className="button button-primary">
              New definition
            </Link>
          ) : null
        }
      />
      <ErrorNotice error={result.error} />
      {!definitions && result.fetching ? <Loading label="Loading definitions" /> : null}
      {definitions && definitions.length === 0 ? (
        <p className="muted">No definitions yet.{canEditSla(viewer.role) ? ' Create one to start measuring.' : ''}</p>
      ) : null}
      {definitions && definitions.length > 0 ? (
        <table className="table" aria-label="SLA definitions">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Target</th>
              <th scope="col">Period</th>
              <th scope="col">Covers</th>
              <th scope="col">Scoped targets</th>
              <th scope="col">Changed</th>
            </tr>
          </thead>
          <tbody>
            {definitions.map((definition) => (
              <tr key={definition.id}>
                <td>
                  <Link to={`/sla/definitions/${definition.id}`}>{definition.name}</Link>
                  {definition.description ? <div className="muted">{definition.description}</div> : null}
                </td>
                <td>{formatTarget(definition.targetPercent)}</td>
                <td>
                  {definition.period.toLowerCase()}
                  {definition.timeZone ? <span className="muted"> ({definition.timeZone})</span> : null}
                </td>
                <td>{coverageText(definition.assignments)}</td>
                <td>{definition.targets.length}</td>
                <td>{formatDateTime(definition.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
