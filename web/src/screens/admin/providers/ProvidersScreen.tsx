/**
 * Sign-in providers (LDAP directories, OpenID Connect): create, edit (secrets write-only), enable
 * or disable, test step by step (connection, TLS, bind, search; discovery for OIDC), delete.
 */
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link } from '../../../app/router';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { TextField } from '../../../ui/fields';
import { formatDateTime } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import {
  CREATE_PROVIDER,
  DELETE_PROVIDER,
  PROVIDER_STATUS,
  PROVIDERS_LIST,
  TEST_PROVIDER,
  UPDATE_PROVIDER,
  type ProviderRow,
  type ProviderTestResult,
} from './documents';
import { createProviderInput, emptyProvider, providerValues, updateProviderInput } from './providerForm';
import { ProviderForm } from './ProviderForm';
import { Badge } from '../../../ui/kit/Badge';
import { ConfirmButton } from '../../../ui/kit/ConfirmButton';
import { roleBadge } from '../../../ui/badges';
import '../admin.css';

export default function ProvidersScreen() {
  const [creating, setCreating] = useState(false);
  const [result, refetch] = useQuery({ query: PROVIDERS_LIST });
  const [createState, create] = useMutation(CREATE_PROVIDER);
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <PageHeader
        title="Sign-in providers"
        subtitle="Directories and identity providers people sign in with, beside local accounts."
        actions={
          <button type="button" className="button-primary" onClick={() => setCreating(true)} disabled={creating}>
            New provider
          </button>
        }
      />
      {creating ? (
        <>
          <h2>New provider</h2>
          <ProviderForm
            initial={emptyProvider('LDAP')}
            hasSecret={null}
            busy={createState.fetching}
            serverError={<ErrorNotice error={createState.error} />}
            submitLabel="Create provider"
            onCancel={() => setCreating(false)}
            onSubmit={async (values) => {
              const outcome = await create({ input: createProviderInput(values) });
              if (outcome.error) return;
              setCreating(false);
              refresh();
            }}
          />
        </>
      ) : null}
      <ErrorNotice error={result.error} />
      {result.data ? (
        result.data.authProviders.length === 0 ? (
          <p className="muted">No providers: everyone signs in with a local account.</p>
        ) : (
          <div className="stack">
            {result.data.authProviders.map((provider) => (
              <ProviderCard key={provider.id} provider={provider} onChanged={refresh} />
            ))}
          </div>
        )
      ) : result.fetching ? (
        <Loading label="Loading sign-in providers" />
      ) : null}
    </>
  );
}

function ProviderCard({ provider, onChanged }: { provider: ProviderRow; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [testUser, setTestUser] = useState('');
  const [tested, setTested] = useState<ProviderTestResult | null>(null);
  const [statusState, setStatus] = useMutation(PROVIDER_STATUS);
  const [updateState, update] = useMutation(UPDATE_PROVIDER);
  const [deleteState, remove] = useMutation(DELETE_PROVIDER);
  const [testState, test] = useMutation(TEST_PROVIDER);
  const where = provider.type === 'LDAP' ? provider.ldap?.['url'] : provider.oidc?.['issuer'];
  const label = provider.displayName ? `${provider.displayName} (${provider.name})` : provider.name;
  return (
    <section className="card" aria-label={`Provider ${provider.name}`}>
      <div className="page-header">
        <div>
          <h2>{label}</h2>
          <div className="row">
            <Badge>{provider.type === 'LDAP' ? 'LDAP' : 'OpenID Connect'}</Badge>
            <Badge tone={provider.enabled ? 'operational' : 'unknown'}>{provider.enabled ? 'Enabled' : 'Disabled'}</Badge>
            <span className="mono">{String(where ?? '')}</span>
          </div>
        </div>
        <div className="page-actions">
          <button
            type="button"
            disabled={statusState.fetching}
            onClick={() => void setStatus({ id: provider.id, enabled: !provider.enabled }).then(onChanged)}
          >
            {provider.enabled ? 'Disable' : 'Enable'}
          </button>
          <button type="button" onClick={() => setEditing(true)} disabled={editing}>
            Edit
          </button>
          <Link to={`/admin/providers/${encodeURIComponent(provider.id)}/groups`} className="button">
            Groups
          </Link>
          <ConfirmButton
            label="Delete"
            question={`Delete ${provider.name}? Its ${provider.userCount} users stay, as local users without a password.`}
            busy={deleteState.fetching}
            onConfirm={() => void remove({ id: provider.id }).then((outcome) => !outcome.error && onChanged())}
          />
        </div>
      </div>
      {provider.secretError ? <div className="notice notice-error">{provider.secretError}</div> : null}
      <ErrorNotice error={statusState.error ?? deleteState.error} />
      <dl className="facts">
        <dt>Users linked</dt>
        <dd>{provider.userCount}</dd>
        <dt>New people get</dt>
        <dd>
          <Badge {...roleBadge(provider.defaultRole)} />
        </dd>
        <dt>{provider.type === 'LDAP' ? 'Bind password' : 'Client secret'}</dt>
        <dd>{provider.hasSecret ? 'set (write-only)' : 'not set'}</dd>
        <dt>Changed</dt>
        <dd>{formatDateTime(provider.updatedAt)}</dd>
      </dl>
      {editing ? (
        <ProviderForm
          initial={providerValues(provider)}
          hasSecret={provider.hasSecret}
          busy={updateState.fetching}
          serverError={<ErrorNotice error={updateState.error} />}
          submitLabel={`Save ${provider.name}`}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            const input = updateProviderInput(providerValues(provider), values);
            if (Object.keys(input).length === 0) return setEditing(false);
            const outcome = await update({ id: provider.id, input });
            if (outcome.error) return;
            setEditing(false);
            onChanged();
          }}
        />
      ) : null}
      <h3>Test</h3>
      <form
        className="filters"
        aria-label={`Test ${provider.name}`}
        onSubmit={async (event) => {
          event.preventDefault();
          setTested(null);
          const outcome = await test({ id: provider.id, username: testUser.trim() === '' ? null : testUser.trim() });
          if (outcome.data) setTested(outcome.data.testAuthProvider);
        }}
      >
        {provider.type === 'LDAP' ? (
          <TextField label="Also look up (username)" value={testUser} onChange={(event) => setTestUser(event.target.value)} />
        ) : null}
        <button type="submit" disabled={testState.fetching}>
          {testState.fetching ? 'Testing…' : 'Test connection'}
        </button>
      </form>
      <ErrorNotice error={testState.error} />
      <div aria-live="polite">{tested ? <TestSteps result={tested} /> : null}</div>
    </section>
  );
}

function TestSteps({ result }: { result: ProviderTestResult }) {
  return (
    <div className={`notice ${result.success ? '' : 'notice-error'}`} data-testid="provider-test-result">
      <strong>{result.success ? 'Passed' : `Failed at ${(result.failedStep ?? 'a step').toLowerCase()}`}:</strong> {result.message}
      <ol className="test-steps">
        {result.steps.map((step) => (
          <li key={step.step}>
            <Badge tone={step.ok ? 'operational' : 'down'}>{step.ok ? 'ok' : 'failed'}</Badge> <strong>{step.step.toLowerCase()}</strong>:{' '}
            {step.message}
          </li>
        ))}
      </ol>
    </div>
  );
}
