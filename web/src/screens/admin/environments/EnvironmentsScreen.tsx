/**
 * Environments: named parts of the hierarchy (every node at or below its paths). A service inside
 * one is open to admins and to the groups granted READ or WRITE; permission rules can be limited to one.
 */
import type { AdminEnvironmentsQuery } from '../../../gql/graphql';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery } from 'urql';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { environmentInput, validateEnvironment, type EnvironmentErrors, type EnvironmentValues } from './environmentForm';
import { ConfirmButton } from '../../../ui/kit/ConfirmButton';
import { CREATE_ENVIRONMENT, DELETE_ENVIRONMENT, ENVIRONMENTS, SET_ACCESS, UPDATE_ENVIRONMENT } from './documents';
import '../admin.css';

type Environment = AdminEnvironmentsQuery['environments'][number];

type Groups = AdminEnvironmentsQuery['groups'];

export default function EnvironmentsScreen() {
  const [creating, setCreating] = useState(false);
  const [result, refetch] = useQuery({ query: ENVIRONMENTS });
  const [createState, create] = useMutation(CREATE_ENVIRONMENT);
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <PageHeader
        title="Environments"
        subtitle="Named parts of the hierarchy. What is inside is open to admins and to the groups granted it."
        actions={
          <button type="button" className="button-primary" onClick={() => setCreating(true)} disabled={creating}>
            New environment
          </button>
        }
      />
      {creating ? (
        <EnvironmentForm
          title="New environment"
          initial={{ name: '', description: '', paths: '' }}
          busy={createState.fetching}
          serverError={<ErrorNotice error={createState.error} />}
          onCancel={() => setCreating(false)}
          onSubmit={async (values) => {
            const outcome = await create({ input: environmentInput(values) });
            if (outcome.error) return;
            setCreating(false);
            refresh();
          }}
        />
      ) : null}
      <ErrorNotice error={result.error} />
      {result.data ? (
        result.data.environments.length === 0 ? (
          <p className="muted">No environments: the whole hierarchy is governed by roles and rules alone.</p>
        ) : (
          <div className="stack">
            {result.data.environments.map((environment) => (
              <EnvironmentCard key={environment.id} environment={environment} groups={result.data!.groups} onChanged={refresh} />
            ))}
          </div>
        )
      ) : result.fetching ? (
        <Loading label="Loading environments" />
      ) : null}
    </>
  );
}

function EnvironmentCard({ environment, groups, onChanged }: { environment: Environment; groups: Groups; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [grantGroup, setGrantGroup] = useState('');
  const [grantLevel, setGrantLevel] = useState<'READ' | 'WRITE'>('READ');
  const [updateState, update] = useMutation(UPDATE_ENVIRONMENT);
  const [deleteState, remove] = useMutation(DELETE_ENVIRONMENT);
  const [accessState, setAccess] = useMutation(SET_ACCESS);
  const granted = new Set(environment.groups.map((g) => g.groupId));
  const change = (groupId: string, level: 'READ' | 'WRITE' | null) =>
    void setAccess({ groupId, environmentId: environment.id, level }).then((outcome) => !outcome.error && onChanged());
  return (
    <section className="card" aria-label={`Environment ${environment.name}`}>
      <div className="page-header">
        <div>
          <h2>{environment.name}</h2>
          {environment.description ? <p className="page-subtitle">{environment.description}</p> : null}
        </div>
        <div className="page-actions">
          <button type="button" onClick={() => setEditing(true)} disabled={editing}>
            Edit
          </button>
          <ConfirmButton
            label="Delete"
            question={`Delete ${environment.name} with its rules and group access?`}
            busy={deleteState.fetching}
            onConfirm={() => void remove({ id: environment.id }).then((outcome) => !outcome.error && onChanged())}
          />
        </div>
      </div>
      <ErrorNotice error={deleteState.error ?? accessState.error} />
      {editing ? (
        <EnvironmentForm
          title={`Edit ${environment.name}`}
          initial={{ name: environment.name, description: environment.description ?? '', paths: environment.paths.join('\n') }}
          busy={updateState.fetching}
          serverError={<ErrorNotice error={updateState.error} />}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            const outcome = await update({ id: environment.id, input: environmentInput(values) });
            if (outcome.error) return;
            setEditing(false);
            onChanged();
          }}
        />
      ) : (
        <dl className="facts">
          <dt>Node paths</dt>
          <dd className="mono">{environment.paths.join(', ')}</dd>
        </dl>
      )}
      <h3>Group access</h3>
      {environment.groups.length === 0 ? (
        <p className="muted">No group has access: only admins see inside.</p>
      ) : (
        <table className="table" aria-label={`Group access to ${environment.name}`}>
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Access</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {environment.groups.map((access) => (
              <tr key={access.groupId}>
                <td>{access.group?.name ?? access.groupId}</td>
                <td>
                  <SelectField
                    label={`Access of ${access.group?.name ?? access.groupId}`}
                    value={access.level}
                    disabled={accessState.fetching}
                    onChange={(event) => change(access.groupId, event.target.value as 'READ' | 'WRITE')}
                    options={[
                      { value: 'READ', label: 'Read' },
                      { value: 'WRITE', label: 'Read and act' },
                    ]}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    disabled={accessState.fetching}
                    onClick={() => change(access.groupId, null)}
                    aria-label={`Take ${environment.name} away from ${access.group?.name ?? access.groupId}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="filters"
        aria-label={`Grant ${environment.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          if (grantGroup) change(grantGroup, grantLevel);
          setGrantGroup('');
        }}
      >
        <SelectField
          label="Group"
          value={grantGroup}
          onChange={(event) => setGrantGroup(event.target.value)}
          options={[
            { value: '', label: 'Choose a group' },
            ...groups.filter((g) => !granted.has(g.id)).map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
        <SelectField
          label="Access"
          value={grantLevel}
          onChange={(event) => setGrantLevel(event.target.value as 'READ' | 'WRITE')}
          options={[
            { value: 'READ', label: 'Read' },
            { value: 'WRITE', label: 'Read and act' },
          ]}
        />
        <button type="submit" disabled={!grantGroup || accessState.fetching}>
          Grant
        </button>
      </form>
    </section>
  );
}

function EnvironmentForm({
  title,
  initial,
  busy,
  serverError,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: EnvironmentValues;
  busy: boolean;
  serverError: ReactNode;
  onSubmit: (values: EnvironmentValues) => Promise<void>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<EnvironmentErrors>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateEnvironment(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await onSubmit(values);
  };
  return (
    <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label={title} noValidate>
      <h2>{title}</h2>
      <TextField
        label="Environment name"
        value={values.name}
        onChange={(event) => setValues((v) => ({ ...v, name: event.target.value }))}
        error={errors.name}
      />
      <TextField
        label="Description"
        value={values.description}
        onChange={(event) => setValues((v) => ({ ...v, description: event.target.value }))}
      />
      <TextAreaField
        label="Node paths"
        value={values.paths}
        onChange={(event) => setValues((v) => ({ ...v, paths: event.target.value }))}
        error={errors.paths}
        hint="One per line; the environment is every node at or below them."
        className="mono"
      />
      {serverError}
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save environment'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
