/**
 * The licence in force and each plugin's state, live: a licence activated or a plugin switched
 * (here, in another tab or by the API key) arrives over licenseUpdated and the page re-reads.
 */
import type { AdminLicenseInfoQuery } from '../../../gql/graphql';
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useSubscription } from 'urql';
import { useSession, useViewer } from '../../../session/SessionContext';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { TextAreaField } from '../../../ui/fields';
import { formatDateTime } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import '../admin.css';
import { ActivationError, activateLicense } from './activateLicense';
import { PluginsTable } from './PluginsTable';
import { Badge, type Tone } from '../../../ui/kit/Badge';
import { LICENSE_INFO, LICENSE_UPDATED, TOGGLE_PLUGIN } from './documents';

type LicenseInfo = NonNullable<AdminLicenseInfoQuery['licenseInfo']>;

const STATUS_TEXT: Record<LicenseInfo['status'], [string, Tone]> = {
  ACTIVE: ['Active', 'operational'],
  EXPIRED: ['Expired', 'down'],
  NONE: ['No licence', 'unknown'],
};

export default function LicenseScreen() {
  const admin = useViewer().role === 'ADMIN';
  const [result, refetch] = useQuery({ query: LICENSE_INFO });
  const [live] = useSubscription({ query: LICENSE_UPDATED });
  const [toggleState, toggle] = useMutation(TOGGLE_PLUGIN);
  const lastUpdate = live.data?.licenseUpdated;
  useEffect(() => {
    if (lastUpdate) refetch({ requestPolicy: 'network-only' });
  }, [lastUpdate, refetch]);
  const info = result.data?.licenseInfo;
  const [statusLabel, statusTone] = info ? STATUS_TEXT[info.status] : ['', 'unknown' as const];
  return (
    <>
      <PageHeader
        title="Licence and plugins"
        subtitle="Plugins work while the licence in force lists them; admins can switch a licensed plugin off and on."
      />
      <ErrorNotice error={result.error} />
      <div aria-live="polite" className="muted live-line">
        {lastUpdate
          ? `Updated ${formatDateTime(lastUpdate.at)}: ${lastUpdate.reason}${lastUpdate.activePlugins.length ? ` (active: ${lastUpdate.activePlugins.join(', ')})` : ''}.`
          : ''}
      </div>
      {info ? (
        <div className="grid">
          <section className="card" aria-labelledby="licence-facts">
            <h2 id="licence-facts">
              Licence <Badge tone={statusTone}>{statusLabel}</Badge>
            </h2>
            {info.status === 'NONE' ? (
              <>
                <p>No licence is activated: every plugin is off. Paste a licence key below.</p>
                <p className="muted">
                  To try the plugins on a server of your own, make a key pair and a licence with <code>npm run license</code> (README,
                  “Licence and plugins”).
                </p>
              </>
            ) : (
              <dl className="facts">
                <dt>Customer</dt>
                <dd>{info.customer ?? '—'}</dd>
                <dt>Licence id</dt>
                <dd className="mono">{info.licenseId ?? '—'}</dd>
                <dt>Issued</dt>
                <dd>{formatDateTime(info.issuedAt)}</dd>
                <dt>Expires</dt>
                <dd>{info.expiresAt ? formatDateTime(info.expiresAt) : 'never'}</dd>
                <dt>Activated</dt>
                <dd>{formatDateTime(info.activatedAt)}</dd>
              </dl>
            )}
            {info.status === 'EXPIRED' ? (
              <div className="notice notice-error">The licence has expired: every plugin is off until a renewed licence is activated.</div>
            ) : null}
          </section>
          {admin ? <ActivateForm onActivated={() => refetch({ requestPolicy: 'network-only' })} /> : null}
        </div>
      ) : result.fetching ? (
        <Loading label="Loading the licence" />
      ) : null}
      {info ? (
        <>
          <h2>Plugins</h2>
          <ErrorNotice error={toggleState.error} />
          <PluginsTable
            plugins={info.plugins}
            admin={admin}
            busy={toggleState.fetching}
            onToggle={(name, enabled) => void toggle({ name, enabled }).then(() => refetch({ requestPolicy: 'network-only' }))}
          />
        </>
      ) : null}
    </>
  );
}

function ActivateForm({ onActivated }: { onActivated: () => void }) {
  const { store } = useSession();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const token = await store.accessToken();
      if (!token) throw new ActivationError('Your session has ended: sign in again, then activate.');
      const activation = await activateLicense(token, key);
      setDone(activation.message);
      setKey('');
      onActivated();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label="Activate a licence">
      <h2>Activate a licence</h2>
      <TextAreaField
        label="Licence key"
        value={key}
        onChange={(event) => setKey(event.target.value)}
        error={problem}
        spellCheck={false}
        className="mono"
      />
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Activating…' : 'Activate'}
        </button>
      </div>
      <div aria-live="polite">{done ? <div className="notice">{done}</div> : null}</div>
    </form>
  );
}
