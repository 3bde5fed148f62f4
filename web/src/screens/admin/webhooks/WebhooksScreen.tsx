/** Webhooks: every receiver with its state, the delivery figures of all together, and a new one. */
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, useRouter } from '../../../app/router';
import { useViewer } from '../../../session/SessionContext';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { CREATE_WEBHOOK, WEBHOOKS_LIST } from './documents';
import { createWebhookInput, emptyWebhook } from './webhookForm';
import { WebhookForm } from './WebhookForm';
import { WebhookStatsFacts } from './WebhookStatsFacts';
import { Badge } from '../../../ui/kit/Badge';
import { webhookStatusBadge } from './webhookBadges';
import '../admin.css';

export default function WebhooksScreen() {
  const viewer = useViewer();
  const { navigate } = useRouter();
  const [creating, setCreating] = useState(false);
  const [result] = useQuery({ query: WEBHOOKS_LIST });
  const [createState, create] = useMutation(CREATE_WEBHOOK);
  const admin = viewer.role === 'ADMIN';
  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="Receivers that get a signed HTTP request for each event they subscribe to."
        actions={
          admin ? (
            <button type="button" className="button-primary" onClick={() => setCreating(true)} disabled={creating}>
              New webhook
            </button>
          ) : null
        }
      />
      {creating ? (
        <>
          <h2>New webhook</h2>
          <WebhookForm
            initial={emptyWebhook()}
            hasSecret={null}
            busy={createState.fetching}
            serverError={<ErrorNotice error={createState.error} />}
            submitLabel="Create webhook"
            onCancel={() => setCreating(false)}
            onSubmit={async (values) => {
              const outcome = await create({ input: createWebhookInput(values) });
              if (outcome.data) navigate(`/admin/webhooks/${encodeURIComponent(outcome.data.createWebhook.id)}`);
            }}
          />
        </>
      ) : null}
      <ErrorNotice error={result.error} />
      {result.data ? (
        <>
          <WebhookStatsFacts stats={result.data.webhookStats} label="All webhooks' deliveries" />
          <h2>Receivers</h2>
          {result.data.webhooks.length === 0 ? (
            <p className="muted">No webhooks yet.</p>
          ) : (
            <table className="table" aria-label="Webhooks">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">URL</th>
                  <th scope="col">Events</th>
                  <th scope="col">State</th>
                  <th scope="col">Failures in a row</th>
                  <th scope="col">Waiting</th>
                </tr>
              </thead>
              <tbody>
                {result.data.webhooks.map((hook) => (
                  <tr key={hook.id}>
                    <td>
                      <Link to={`/admin/webhooks/${encodeURIComponent(hook.id)}`}>{hook.name}</Link>
                    </td>
                    <td className="mono">{hook.url}</td>
                    <td>{hook.events.join(', ')}</td>
                    <td>
                      <Badge {...webhookStatusBadge(hook.status)} />
                      {hook.statusReason ? <div className="muted">{hook.statusReason}</div> : null}
                    </td>
                    <td>{hook.consecutiveFailures}</td>
                    <td>{hook.pendingDeliveries}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : result.fetching ? (
        <Loading label="Loading webhooks" />
      ) : null}
    </>
  );
}
