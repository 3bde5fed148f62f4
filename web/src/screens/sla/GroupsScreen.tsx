/** Every SLA group a status sync declared, with its members' states and backups (overdue first to see). */
import { useQuery } from 'urql';
import { Link, type ScreenProps } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { effectiveUptimeTarget, membersByUrgency, tallyMembers } from './groupMembers';
import { formatAttainment, formatTarget } from './slaFigures';

import { Badge } from '../../ui/kit/Badge';
import { serviceStatusBadge, slaStatusBadge } from '../../ui/badges';
import { GROUPS } from './documents';
import './sla.css';

export default function GroupsScreen(_props: ScreenProps) {
  const [result] = useQuery({ query: GROUPS });
  const groups = result.data?.slaGroups;
  return (
    <>
      <PageHeader title="SLA groups" subtitle="Groups of services declared by the status syncs, with their members' backups." />
      <ErrorNotice error={result.error} />
      {!groups && result.fetching ? <Loading label="Loading groups" /> : null}
      {groups && groups.length === 0 ? (
        <p className="muted">No groups yet: a status sync declares them (slaGroups of POST /api/v1/operator/status).</p>
      ) : null}
      {groups && groups.length > 0 ? (
        <table className="table" aria-label="SLA groups">
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Tier</th>
              <th scope="col">Status</th>
              <th scope="col">Uptime (month)</th>
              <th scope="col">Target</th>
              <th scope="col">Members</th>
              <th scope="col">Backups</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => {
              const tally = tallyMembers(group.services);
              const target = effectiveUptimeTarget(group);
              const overdue = membersByUrgency(group.services).filter((m) => m.backupStatus.backupOverdue);
              return (
                <tr key={group.id} className={tally.overdue > 0 ? 'sla-row-overdue' : undefined}>
                  <td>
                    <Link to={`/sla/groups/${encodeURIComponent(group.name)}`}>{group.displayName ?? group.name}</Link>
                    {group.displayName ? <div className="muted">{group.name}</div> : null}
                  </td>
                  <td>{group.tier ?? '—'}</td>
                  <td>
                    <Badge {...slaStatusBadge(group.status)} />
                  </td>
                  <td>{formatAttainment(group.currentUptime)}</td>
                  <td>
                    {formatTarget(target.value)}
                    {target.source === 'override' ? <span className="muted"> (override)</span> : null}
                  </td>
                  <td>
                    {tally.members}
                    {tally.notOperational > 0 ? (
                      <div className="sla-member-states">
                        {Object.entries(tally.byStatus)
                          .filter(([status]) => status !== 'OPERATIONAL')
                          .map(([status, count]) => (
                            <span key={status}>
                              <Badge {...serviceStatusBadge(status)} /> {count}
                            </span>
                          ))}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    {tally.overdue > 0 ? (
                      <Badge tone="alert" title={overdue.map((m) => m.serviceName).join(', ')}>
                        {tally.overdue} overdue
                      </Badge>
                    ) : (
                      <span className="muted">none overdue</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
