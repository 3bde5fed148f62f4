/** Agent keys: scoped keys for agents (a subtree, a set of endpoints); the key is shown once at creation. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { TextField } from '../../../ui/fields';
import { formatDateTime, formatRelative } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { agentKeyInput, budgetLabel, validateAgentKey, type AgentKeyErrors, type AgentKeyValues } from './agentKeyForm';
import { ConfirmButton } from '../../../ui/kit/ConfirmButton';
import { OneTimeSecret } from '../../../ui/kit/OneTimeSecret';
import { Badge } from '../../../ui/kit/Badge';
import { AGENT_KEYS, CREATE_AGENT_KEY, REVOKE_AGENT_KEY } from './documents';
import '../admin.css';

export default function AgentKeysScreen() {
  const [includeRevoked, setIncludeRevoked] = useState(false);
  const [result, refetch] = useQuery({ query: AGENT_KEYS, variables: { includeRevoked } });
  const [revokeState, revoke] = useMutation(REVOKE_AGENT_KEY);
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <PageHeader
        title="Agent keys"
        subtitle="Keys for agents, each limited to a subtree of the hierarchy and a set of endpoints. Only a key's hash is stored."
      />
      {created ? (
        <OneTimeSecret
          label={`Agent key ${created.name}`}
          value={created.key}
          note="Copy it now into the agent's configuration (X-API-Key or Authorization: Bearer). It is shown only this once."
          onDismiss={() => setCreated(null)}
        />
      ) : null}
      {result.data ? (
        <NewAgentKeyForm
          endpoints={result.data.agentKeyEndpoints}
          onCreated={(key, name) => {
            setCreated({ key, name });
            refresh();
          }}
        />
      ) : null}
      <h2>Keys</h2>
      <label className="row">
        <input type="checkbox" checked={includeRevoked} onChange={(event) => setIncludeRevoked(event.target.checked)} />
        Show revoked keys
      </label>
      <ErrorNotice error={result.error ?? revokeState.error} />
      {result.data ? (
        result.data.agentKeys.length === 0 ? (
          <p className="muted">No agent keys{includeRevoked ? '' : ' in use'}.</p>
        ) : (
          <table className="table" aria-label="Agent keys">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Starts with</th>
                <th scope="col">Subtree</th>
                <th scope="col">Endpoints</th>
                <th scope="col">Request budget</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {result.data.agentKeys.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td className="mono">{key.prefix}…</td>
                  <td className="mono">{key.nodeId}</td>
                  <td className="mono">{key.endpoints.join(', ')}</td>
                  <td>{budgetLabel(key.requestBudget)}</td>
                  <td>{formatDateTime(key.createdAt)}</td>
                  <td>{key.lastUsedAt ? formatRelative(key.lastUsedAt) : 'never'}</td>
                  <td>
                    {key.revokedAt ? (
                      <Badge tone="unknown">Revoked {formatDateTime(key.revokedAt)}</Badge>
                    ) : (
                      <ConfirmButton
                        label="Revoke"
                        question={`Revoke ${key.name}? Agents using it are refused at once.`}
                        busy={revokeState.fetching}
                        onConfirm={() => void revoke({ id: key.id }).then(refresh)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : result.fetching ? (
        <Loading label="Loading agent keys" />
      ) : null}
    </>
  );
}

function NewAgentKeyForm({ endpoints, onCreated }: { endpoints: readonly string[]; onCreated: (key: string, name: string) => void }) {
  const empty: AgentKeyValues = { name: '', nodeId: '', endpoints: [], requestsPerSecond: '', burst: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<AgentKeyErrors>({});
  const [state, create] = useMutation(CREATE_AGENT_KEY);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAgentKey(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await create({ input: agentKeyInput(values) });
    if (outcome.data) {
      setValues(empty);
      onCreated(outcome.data.createAgentKey.key, outcome.data.createAgentKey.agentKey.name);
    }
  };
  const toggle = (endpoint: string, on: boolean) =>
    setValues((v) => ({ ...v, endpoints: on ? [...v.endpoints, endpoint] : v.endpoints.filter((e) => e !== endpoint) }));
  return (
    <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label="New agent key" noValidate>
      <h2>New agent key</h2>
      <TextField
        label="Key name"
        value={values.name}
        onChange={(event) => setValues((v) => ({ ...v, name: event.target.value }))}
        error={errors.name}
      />
      <TextField
        label="Node path"
        value={values.nodeId}
        onChange={(event) => setValues((v) => ({ ...v, nodeId: event.target.value }))}
        error={errors.nodeId}
        hint="The key reaches this node and every node below it."
      />
      <fieldset className="checkbox-list">
        <legend>Endpoints</legend>
        {endpoints.map((endpoint) => (
          <label key={endpoint}>
            <input
              type="checkbox"
              checked={values.endpoints.includes(endpoint)}
              onChange={(event) => toggle(endpoint, event.target.checked)}
            />
            {endpoint}
          </label>
        ))}
        {errors.endpoints ? (
          <div className="field-error" role="alert">
            {errors.endpoints}
          </div>
        ) : null}
      </fieldset>
      <TextField
        label="Requests per second (optional)"
        inputMode="decimal"
        value={values.requestsPerSecond ?? ''}
        onChange={(event) => setValues((v) => ({ ...v, requestsPerSecond: event.target.value }))}
        error={errors.requestsPerSecond}
        hint="The key's own rate limit, counted per key instead of per address (many agents behind one address). Empty: the per-address limit applies."
      />
      <TextField
        label="Burst (optional)"
        inputMode="numeric"
        value={values.burst ?? ''}
        onChange={(event) => setValues((v) => ({ ...v, burst: event.target.value }))}
        error={errors.burst}
        hint="Requests it may send at once, e.g. a first run that pushes every service."
      />
      <ErrorNotice error={state.error} />
      <div className="actions">
        <button type="submit" className="button-primary" disabled={state.fetching}>
          {state.fetching ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  );
}
