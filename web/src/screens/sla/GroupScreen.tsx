/**
 * One SLA group (`/sla/groups/:name`): its figures, its members with their state, replicas and
 * backups (overdue highlighted, first), the definitions covering it and the uptime override.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, type ScreenProps } from '../../app/router';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { TextField } from '../../ui/fields';
import { formatDateTime, formatRelative } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { parseTargetPercent } from './definitionForm';
import { canEditSla } from './slaAccess';
import { backupSummary, effectiveUptimeTarget, membersByUrgency, tallyMembers } from './groupMembers';
import { SlaTrend } from './SlaTrend';
import { formatAttainment, formatTarget } from './slaFigures';
import type { SlaGroupSummary } from './slaTypes';
import { Badge } from '../../ui/kit/Badge';
import { serviceStatusBadge, slaStatusBadge } from '../../ui/badges';
import { GROUP, OVERRIDE } from './documents';
import './sla.css';

export default function GroupScreen({ params }: ScreenProps) {
  const name = params['name'] ?? '';
  const viewer = useViewer();
  const [result, reexecute] = useQuery({ query: GROUP, variables: { name } });
  const group = result.data?.slaGroup;
  return (
    <>
      <PageHeader
        title={group ? (group.displayName ?? group.name) : `SLA group ${name}`}
        subtitle={<Link to="/sla/groups">All groups</Link>}
      />
      <ErrorNotice error={result.error} />
      {!result.data && result.fetching ? <Loading label="Loading the group" /> : null}
      {result.data && !group ? <p>No status sync has declared a group named “{name}”.</p> : null}
      {group ? (
        <div className="stack">
          <div className="grid sla-two">
            <section className="card" aria-labelledby="sla-group-figures">
              <h2 id="sla-group-figures">This month</h2>
              <dl className="facts">
                <dt>Status</dt>
                <dd>
                  <Badge {...slaStatusBadge(group.status)} />
                </dd>
                <dt>Uptime</dt>
                <dd>{formatAttainment(group.currentUptime)}</dd>
                <dt>Tier</dt>
                <dd>{group.tier ?? '—'}</dd>
                <dt>Declared target</dt>
                <dd>{formatTarget(group.targets?.uptime)}</dd>
                <dt>Covered by</dt>
                <dd>
                  {group.definitions.length === 0
                    ? 'no definition'
                    : group.definitions.map((d, i) => (
                        <span key={d.id}>
                          {i > 0 ? ', ' : ''}
                          <Link to={`/sla/definitions/${d.id}`}>{d.name}</Link> ({formatTarget(d.targetPercent)} per{' '}
                          {d.period.toLowerCase()})
                        </span>
                      ))}
                </dd>
                <dt>Declared</dt>
                <dd>{formatDateTime(group.updatedAt)}</dd>
                <dt>Alerts</dt>
                <dd>
                  <Link to={`/sla/alerts?status=all&group=${encodeURIComponent(group.name)}`}>Alerts of this group</Link>
                </dd>
                <dt>Changes</dt>
                <dd>
                  <Link to={`/sla/events?group=${encodeURIComponent(group.name)}`}>Event log of this group</Link>
                </dd>
              </dl>
            </section>
            <OverrideForm group={group} editable={canEditSla(viewer.role)} onChanged={() => reexecute({ requestPolicy: 'network-only' })} />
          </div>
          <Members group={group} />
          <SlaTrend
            subject={{ group: group.name }}
            name={group.displayName ?? group.name}
            targetPercent={effectiveUptimeTarget(group).value}
          />
        </div>
      ) : null}
    </>
  );
}

/** Rows shown at first: overdue members come first, so a large group still opens on what needs a person. */
const MEMBER_PAGE = 200;

function Members({ group }: { group: SlaGroupSummary }) {
  const tally = tallyMembers(group.services);
  const [shown, setShown] = useState(MEMBER_PAGE);
  const ordered = membersByUrgency(group.services);
  return (
    <section className="card" aria-labelledby="sla-group-members">
      <h2 id="sla-group-members">
        Members <Badge>{tally.members}</Badge>{' '}
        {tally.overdue > 0 ? (
          <Badge tone="alert">
            {tally.overdue} backup{tally.overdue === 1 ? '' : 's'} overdue
          </Badge>
        ) : null}
      </h2>
      {group.services.length === 0 ? (
        <p className="muted">No service names this group yet.</p>
      ) : (
        <table className="table" aria-label="Members">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Status</th>
              <th scope="col">Replicas ready</th>
              <th scope="col">Backups</th>
              <th scope="col">Last backup</th>
            </tr>
          </thead>
          <tbody>
            {ordered.slice(0, shown).map((member) => (
              <tr
                key={member.serviceId}
                className={member.backupStatus.backupOverdue ? 'sla-row-overdue' : undefined}
                data-overdue={member.backupStatus.backupOverdue || undefined}
              >
                <td>
                  <Link to={`/services/${member.serviceId}`}>{member.serviceName}</Link>
                </td>
                <td>
                  <Badge {...serviceStatusBadge(member.status)} />
                </td>
                <td>{member.replicas === null ? '—' : `${member.readyReplicas ?? 0} of ${member.replicas}`}</td>
                <td>
                  {member.backupStatus.backupOverdue ? <Badge tone="alert">Overdue</Badge> : null} {backupSummary(member.backupStatus)}
                </td>
                <td title={formatDateTime(member.backupStatus.lastBackupAt)}>
                  {member.backupStatus.lastBackupAt ? formatRelative(member.backupStatus.lastBackupAt) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ordered.length > shown ? (
        <button type="button" onClick={() => setShown((n) => n + MEMBER_PAGE * 5)}>
          Show {Math.min(MEMBER_PAGE * 5, ordered.length - shown)} more of {ordered.length}
        </button>
      ) : null}
    </section>
  );
}

function OverrideForm({ group, editable, onChanged }: { group: SlaGroupSummary; editable: boolean; onChanged: () => void }) {
  const [value, setValue] = useState(group.targetOverrides?.uptime == null ? '' : String(group.targetOverrides.uptime));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, save] = useMutation(OVERRIDE);
  const target = effectiveUptimeTarget(group);
  const submit = async (uptime: number | null) => {
    const answer = await save({ group: group.name, uptime });
    if (answer.data) {
      if (uptime === null) setValue('');
      onChanged();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTargetPercent(value);
    if (typeof parsed === 'string') return setProblem(parsed);
    setProblem(null);
    void submit(parsed);
  };
  return (
    <section className="card" aria-labelledby="sla-group-override">
      <h2 id="sla-group-override">Uptime target</h2>
      <p>
        In force: <strong>{formatTarget(target.value)}</strong>{' '}
        <span className="muted">
          {target.source === 'override'
            ? '(a person’s override; syncs never change it)'
            : target.source === 'sync'
              ? '(as the last sync declared)'
              : '(none declared)'}
        </span>
      </p>
      {editable ? (
        <form onSubmit={onSubmit} aria-label="Uptime override">
          <TextField
            label="Override (%)"
            inputMode="decimal"
            value={value}
            error={problem}
            hint="Wins over what syncs declare"
            onChange={(e) => setValue(e.target.value)}
          />
          <ErrorNotice error={saved.error} title="Not saved" />
          <div className="row">
            <button type="submit" disabled={saved.fetching}>
              Set override
            </button>
            {group.targetOverrides?.uptime != null ? (
              <button type="button" disabled={saved.fetching} onClick={() => void submit(null)}>
                Clear override
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
