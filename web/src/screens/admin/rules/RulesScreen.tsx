/**
 * Permission rules: which roles and groups may do what, allowed or denied, optionally inside one
 * environment. Filters (subject type, subject, resource) live in the URL.
 */
import type { AdminPermissionRuleChoicesQuery } from '../../../gql/graphql';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery } from 'urql';
import type { ScreenProps } from '../../../app/router';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { SelectField, TextField } from '../../../ui/fields';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import {
  RULE_ROLES,
  actionsFor,
  addRuleInput,
  emptyRule,
  ruleValues,
  updateRuleInput,
  validateRule,
  type RuleErrors,
  type RuleValues,
} from './ruleForm';
import { ConfirmButton } from '../../../ui/kit/ConfirmButton';
import { useQueryPatch } from '../../../ui/kit/useQueryPatch';
import { Badge } from '../../../ui/kit/Badge';
import { ADD_RULE, DELETE_RULE, RULES, RULE_CHOICES, UPDATE_RULE } from './documents';
import '../admin.css';

type Choices = AdminPermissionRuleChoicesQuery;

export default function RulesScreen({ query }: ScreenProps) {
  const patchQuery = useQueryPatch();
  const subjectTypeParam = query.get('subjectType');
  const subjectType = subjectTypeParam === 'ROLE' || subjectTypeParam === 'GROUP' ? subjectTypeParam : null;
  const resource = query.get('resource') ?? '';
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [result, refetch] = useQuery({ query: RULES, variables: { subjectType, resource: resource || null } });
  const [choices] = useQuery({ query: RULE_CHOICES });
  const [addState, add] = useMutation(ADD_RULE);
  const [updateState, update] = useMutation(UPDATE_RULE);
  const [deleteState, remove] = useMutation(DELETE_RULE);
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  const options = choices.data;
  return (
    <>
      <PageHeader
        title="Permission rules"
        subtitle="What each role and group may do beyond its role's defaults; a matching DENY wins over ALLOW. Admins always manage the policy."
        actions={
          <button type="button" className="button-primary" onClick={() => setAdding(true)} disabled={adding || !options}>
            New rule
          </button>
        }
      />
      <ErrorNotice error={choices.error} />
      {adding && options ? (
        <RuleForm
          title="New rule"
          initial={emptyRule()}
          choices={options}
          busy={addState.fetching}
          serverError={<ErrorNotice error={addState.error} />}
          onCancel={() => setAdding(false)}
          onSubmit={async (values) => {
            const outcome = await add({ input: addRuleInput(values) });
            if (outcome.error) return;
            setAdding(false);
            refresh();
          }}
        />
      ) : null}
      <div className="filters" role="search">
        <SelectField
          label="Subject"
          value={subjectType ?? ''}
          onChange={(event) => patchQuery({ subjectType: event.target.value })}
          options={[
            { value: '', label: 'Roles and groups' },
            { value: 'ROLE', label: 'Roles' },
            { value: 'GROUP', label: 'Groups' },
          ]}
        />
        <SelectField
          label="Resource"
          value={resource}
          onChange={(event) => patchQuery({ resource: event.target.value })}
          options={[
            { value: '', label: 'Any' },
            { value: '*', label: '* (all)' },
            ...(options?.policyResources ?? []).map((r) => ({ value: r.resource, label: r.resource })),
          ]}
        />
      </div>
      <ErrorNotice error={result.error ?? deleteState.error} />
      {result.data ? (
        result.data.permissionRules.length === 0 ? (
          <p className="muted">No rules{subjectType || resource ? ' match these filters' : ': every role has its defaults'}.</p>
        ) : (
          <table className="table" aria-label="Permission rules">
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">Resource</th>
                <th scope="col">Action</th>
                <th scope="col">Effect</th>
                <th scope="col">Environment</th>
                <th scope="col">Description</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.data.permissionRules.map((rule) =>
                editing === rule.id && options ? (
                  <tr key={rule.id}>
                    <td colSpan={7}>
                      <RuleForm
                        title="Edit rule"
                        initial={ruleValues(rule)}
                        choices={options}
                        busy={updateState.fetching}
                        serverError={<ErrorNotice error={updateState.error} />}
                        onCancel={() => setEditing(null)}
                        onSubmit={async (values) => {
                          const input = updateRuleInput(ruleValues(rule), values);
                          if (Object.keys(input).length > 0) {
                            const outcome = await update({ id: rule.id, input });
                            if (outcome.error) return;
                          }
                          setEditing(null);
                          refresh();
                        }}
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={rule.id}>
                    <td>
                      {rule.subjectType === 'ROLE' ? 'Role' : 'Group'} {rule.subjectName ?? rule.subject}
                    </td>
                    <td className="mono">{rule.resource}</td>
                    <td className="mono">{rule.action}</td>
                    <td>
                      <Badge tone={rule.effect === 'ALLOW' ? 'operational' : 'down'}>{rule.effect === 'ALLOW' ? 'Allow' : 'Deny'}</Badge>
                    </td>
                    <td>{rule.environment?.name ?? 'everywhere'}</td>
                    <td>{rule.description ?? ''}</td>
                    <td className="row">
                      <button
                        type="button"
                        onClick={() => setEditing(rule.id)}
                        disabled={!options}
                        aria-label={`Edit the rule ${rule.effect} ${rule.resource}:${rule.action} for ${rule.subjectName ?? rule.subject}`}
                      >
                        Edit
                      </button>
                      <ConfirmButton
                        label="Delete"
                        question="Delete this rule?"
                        busy={deleteState.fetching}
                        onConfirm={() => void remove({ id: rule.id }).then(refresh)}
                      />
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        )
      ) : result.fetching ? (
        <Loading label="Loading permission rules" />
      ) : null}
    </>
  );
}

function RuleForm({
  title,
  initial,
  choices,
  busy,
  serverError,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: RuleValues;
  choices: Choices;
  busy: boolean;
  serverError: ReactNode;
  onSubmit: (values: RuleValues) => Promise<void>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<RuleErrors>({});
  const set = <K extends keyof RuleValues>(key: K, value: RuleValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRule(values, choices.policyResources);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await onSubmit(values);
  };
  const subjects =
    values.subjectType === 'ROLE'
      ? RULE_ROLES.map((role) => ({ value: role, label: role }))
      : [{ value: '', label: 'Choose a group' }, ...choices.groups.map((group) => ({ value: group.id, label: group.name }))];
  return (
    <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label={title} noValidate>
      <h2>{title}</h2>
      <div className="filters">
        <SelectField
          label="Applies to"
          value={values.subjectType}
          onChange={(event) =>
            setValues((v) => ({
              ...v,
              subjectType: event.target.value as RuleValues['subjectType'],
              subject: event.target.value === 'ROLE' ? 'operator' : '',
            }))
          }
          options={[
            { value: 'ROLE', label: 'A role' },
            { value: 'GROUP', label: 'A group' },
          ]}
        />
        <SelectField
          label={values.subjectType === 'ROLE' ? 'Role' : 'Group'}
          value={values.subject}
          onChange={(event) => set('subject', event.target.value)}
          error={errors.subject}
          options={subjects}
        />
        <SelectField
          label="Resource"
          value={values.resource}
          onChange={(event) => setValues((v) => ({ ...v, resource: event.target.value, action: '' }))}
          error={errors.resource}
          options={[
            { value: '', label: 'Choose' },
            { value: '*', label: '* (everything)' },
            ...choices.policyResources.map((r) => ({ value: r.resource, label: r.resource })),
          ]}
        />
        <SelectField
          label="Action"
          value={values.action}
          onChange={(event) => set('action', event.target.value)}
          error={errors.action}
          disabled={values.resource === ''}
          options={[
            { value: '', label: 'Choose' },
            ...actionsFor(values.resource, choices.policyResources).map((a) => ({ value: a, label: a === '*' ? '* (every action)' : a })),
          ]}
        />
        <SelectField
          label="Effect"
          value={values.effect}
          onChange={(event) => set('effect', event.target.value as RuleValues['effect'])}
          options={[
            { value: 'ALLOW', label: 'Allow' },
            { value: 'DENY', label: 'Deny' },
          ]}
        />
        <SelectField
          label="Environment"
          value={values.environmentId}
          onChange={(event) => set('environmentId', event.target.value)}
          options={[{ value: '', label: 'Everywhere' }, ...choices.environments.map((e) => ({ value: e.id, label: e.name }))]}
        />
      </div>
      <TextField
        label="Description"
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        hint="Why the rule exists, for whoever reads it next."
      />
      {serverError}
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save rule'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
