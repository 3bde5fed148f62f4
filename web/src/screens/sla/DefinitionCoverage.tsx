/**
 * A definition's scoped targets (SERVICE, then GROUP, then TIER win over its own target) and what
 * it covers (services and SLA groups), with the forms operators and admins change them by.
 */
import type { SlaGroupNamesQuery } from '../../gql/graphql';
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SelectField, TextField } from '../../ui/fields';
import { parseTargetPercent } from './definitionForm';
import { ServicePicker, type PickedService } from './ServicePicker';
import { formatTarget } from './slaFigures';
import type { SlaDefinitionDetail, SlaTargetScope } from './slaTypes';
import { ASSIGN, DELETE_TARGET, GROUP_NAMES, SET_TARGET, UNASSIGN } from './documents';

type GroupName = SlaGroupNamesQuery['slaGroups'][number];

interface Props {
  readonly definition: SlaDefinitionDetail;
  readonly editable: boolean;
  readonly onChanged: () => void;
}

export function DefinitionCoverage({ definition, editable, onChanged }: Props) {
  const [groups] = useQuery({ query: GROUP_NAMES, pause: !editable });
  const groupList = groups.data?.slaGroups ?? [];
  return (
    <div className="grid sla-two">
      <Targets definition={definition} editable={editable} groups={groupList} onChanged={onChanged} />
      <Assignments definition={definition} editable={editable} groups={groupList} onChanged={onChanged} />
    </div>
  );
}

function Targets({ definition, editable, groups, onChanged }: Props & { groups: readonly GroupName[] }) {
  const [scope, setScope] = useState<SlaTargetScope>('GROUP');
  const [scopeValue, setScopeValue] = useState('');
  const [service, setService] = useState<PickedService | null>(null);
  const [percent, setPercent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, save] = useMutation(SET_TARGET);
  const [removed, remove] = useMutation(DELETE_TARGET);
  const tiers = [...new Set(groups.map((g) => g.tier).filter((t): t is string => Boolean(t)))].sort();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = parseTargetPercent(percent);
    const value = scope === 'SERVICE' ? (service?.id ?? '') : scopeValue.trim();
    if (value === '') return setProblem(scope === 'SERVICE' ? 'Pick the service first.' : `Choose the ${scope.toLowerCase()}.`);
    if (typeof target === 'string') return setProblem(target);
    setProblem(null);
    const answer = await save({ input: { definitionId: definition.id, scope, scopeValue: value, targetPercent: target } });
    if (answer.data) {
      setPercent('');
      setService(null);
      onChanged();
    }
  };
  const removeTarget = async (id: string) => {
    const answer = await remove({ id });
    if (answer.data) onChanged();
  };

  return (
    <section className="card" aria-labelledby="sla-def-targets">
      <h2 id="sla-def-targets">Targets</h2>
      <p className="muted">
        {formatTarget(definition.targetPercent)} unless one of these applies: a service's own, then its group's, then its tier's.
      </p>
      {definition.targets.length === 0 ? (
        <p className="muted">No scoped targets.</p>
      ) : (
        <table className="table" aria-label="Scoped targets">
          <thead>
            <tr>
              <th scope="col">Scope</th>
              <th scope="col">Applies to</th>
              <th scope="col">Target</th>
              {editable ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {definition.targets.map((target) => (
              <tr key={target.id}>
                <td>{target.scope.toLowerCase()}</td>
                <td>
                  {target.scope === 'SERVICE' ? <Link to={`/services/${target.scopeValue}`}>{target.scopeValue}</Link> : target.scopeValue}
                </td>
                <td>{formatTarget(target.targetPercent)}</td>
                {editable ? (
                  <td>
                    <button
                      type="button"
                      className="button-link"
                      disabled={removed.fetching}
                      onClick={() => void removeTarget(target.id)}
                      aria-label={`Remove the ${target.scope.toLowerCase()} target ${target.scopeValue}`}
                    >
                      Remove
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorNotice error={removed.error} title="Not removed" />
      {editable ? (
        <form className="sla-inline-form" onSubmit={(e) => void submit(e)} aria-label="Set a target">
          <h3>Set a target</h3>
          <SelectField
            label="Scope"
            value={scope}
            options={[
              { value: 'GROUP', label: 'SLA group' },
              { value: 'TIER', label: 'Tier' },
              { value: 'SERVICE', label: 'Service' },
            ]}
            onChange={(e) => {
              setScope(e.target.value as SlaTargetScope);
              setScopeValue('');
            }}
          />
          {scope === 'GROUP' ? (
            <SelectField
              label="Group"
              value={scopeValue}
              options={[{ value: '', label: 'Choose a group' }, ...groups.map((g) => ({ value: g.name, label: g.displayName ?? g.name }))]}
              onChange={(e) => setScopeValue(e.target.value)}
            />
          ) : null}
          {scope === 'TIER' ? (
            <TextField
              label="Tier"
              value={scopeValue}
              onChange={(e) => setScopeValue(e.target.value)}
              hint={tiers.length ? `Known: ${tiers.join(', ')}` : undefined}
            />
          ) : null}
          {scope === 'SERVICE' ? (
            service ? (
              <p>
                Service: <strong>{service.name}</strong>{' '}
                <button type="button" className="button-link" onClick={() => setService(null)}>
                  change
                </button>
              </p>
            ) : (
              <ServicePicker label="Find the service" onPick={setService} />
            )
          ) : null}
          <TextField label="Target for this scope (%)" inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} />
          {problem ? (
            <div className="notice notice-warn" role="alert">
              {problem}
            </div>
          ) : null}
          <ErrorNotice error={saved.error} title="Not saved" />
          <button type="submit" disabled={saved.fetching}>
            {saved.fetching ? 'Saving…' : 'Set target'}
          </button>
        </form>
      ) : null}
    </section>
  );
}

function Assignments({ definition, editable, groups, onChanged }: Props & { groups: readonly GroupName[] }) {
  const [group, setGroup] = useState('');
  const [assigned, assign] = useMutation(ASSIGN);
  const [unassigned, unassign] = useMutation(UNASSIGN);
  const assignTo = async (input: { slaGroup: string } | { serviceId: string }) => {
    const answer = await assign({ input: { definitionId: definition.id, ...input } });
    if (answer.data) {
      setGroup('');
      onChanged();
    }
  };
  const end = async (id: string) => {
    const answer = await unassign({ id });
    if (answer.data) onChanged();
  };
  return (
    <section className="card" aria-labelledby="sla-def-coverage">
      <h2 id="sla-def-coverage">Covers</h2>
      {definition.assignments.length === 0 ? (
        <p className="muted">Nothing yet: assign a group or a service to start measuring.</p>
      ) : (
        <ul className="sla-list" aria-label="Assignments">
          {definition.assignments.map((assignment) => (
            <li key={assignment.id}>
              {assignment.slaGroup ? (
                <>
                  Group <Link to={`/sla/groups/${encodeURIComponent(assignment.slaGroup)}`}>{assignment.slaGroup}</Link> (every member)
                </>
              ) : assignment.service ? (
                <>
                  Service <Link to={`/services/${assignment.service.id}`}>{assignment.service.name}</Link>
                </>
              ) : (
                <span className="muted">A deleted service</span>
              )}
              {editable ? (
                <>
                  {' '}
                  <button type="button" className="button-link" disabled={unassigned.fetching} onClick={() => void end(assignment.id)}>
                    Unassign
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ErrorNotice error={unassigned.error} title="Not unassigned" />
      {editable ? (
        <div className="sla-inline-form">
          <h3>Assign</h3>
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              if (group) void assignTo({ slaGroup: group });
            }}
            aria-label="Assign a group"
          >
            <SelectField
              label="SLA group"
              value={group}
              options={[{ value: '', label: 'Choose a group' }, ...groups.map((g) => ({ value: g.name, label: g.displayName ?? g.name }))]}
              onChange={(e) => setGroup(e.target.value)}
            />
            <button type="submit" disabled={!group || assigned.fetching}>
              Assign group
            </button>
          </form>
          <ServicePicker label="Or a service" disabled={assigned.fetching} onPick={(service) => void assignTo({ serviceId: service.id })} />
          <ErrorNotice error={assigned.error} title="Not assigned" />
        </div>
      ) : null}
    </section>
  );
}
