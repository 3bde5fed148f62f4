/**
 * One webhook: its state and figures, "Send test" (the recorded execution is shown and highlighted
 * in the history), the execution history, and for admins the edit form and delete.
 */
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, useRouter, type ScreenProps } from '../../../app/router';
import { useViewer } from '../../../session/SessionContext';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { formatDateTime } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { DELETE_WEBHOOK, TEST_WEBHOOK, UPDATE_WEBHOOK, WEBHOOK_DETAIL, type WebhookExecution } from './documents';
import { EXECUTIONS_PAGE, WebhookExecutions } from './WebhookExecutions';
import { updateWebhookInput, webhookValues } from './webhookForm';
import { WebhookForm } from './WebhookForm';
import { WebhookStatsFacts } from './WebhookStatsFacts';
import { Badge } from '../../../ui/kit/Badge';
import { ConfirmButton } from '../../../ui/kit/ConfirmButton';
import { offsetFromQuery } from '../../../ui/kit/queryParams';
import { useQueryPatch } from '../../../ui/kit/useQueryPatch';
import { executionBadge, webhookStatusBadge } from './webhookBadges';
import '../admin.css';

export default function WebhookScreen({ params, query }: ScreenProps) {
  const id = params['id'] ?? '';
  const offset = offsetFromQuery(query.get('offset'), EXECUTIONS_PAGE);
  const patchQuery = useQueryPatch();
  const { navigate } = useRouter();
  const admin = useViewer().role === 'ADMIN';
  const [editing, setEditing] = useState(false);
  const [tested, setTested] = useState<WebhookExecution | null>(null);
  const [result, refetch] = useQuery({ query: WEBHOOK_DETAIL, variables: { id } });
  const [testState, test] = useMutation(TEST_WEBHOOK);
  const [updateState, update] = useMutation(UPDATE_WEBHOOK);
  const [deleteState, remove] = useMutation(DELETE_WEBHOOK);
  const hook = result.data?.webhook;
  if (result.error) return <ErrorNotice error={result.error} />;
  if (!hook)
    return result.fetching ? (
      <Loading label="Loading the webhook" />
    ) : (
      <div className="notice notice-warn">
        There is no webhook with id {id}; it may have been deleted. Back to <Link to="/admin/webhooks">Webhooks</Link>.
      </div>
    );
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  const sendTest = async () => {
    const outcome = await test({ id: hook.id });
    if (outcome.data) {
      setTested(outcome.data.testWebhook);
      // The newest execution is on the first page.
      patchQuery({ offset: null });
      refresh();
    }
  };
  return (
    <>
      <PageHeader
        title={hook.name}
        subtitle={
          <span className="row">
            <Badge {...webhookStatusBadge(hook.status)} />
            <span className="mono">
              {hook.method} {hook.url}
            </span>
          </span>
        }
        actions={
          <>
            <Link to="/admin/webhooks">All webhooks</Link>
            {admin ? (
              <>
                <button type="button" className="button-primary" onClick={() => void sendTest()} disabled={testState.fetching}>
                  {testState.fetching ? 'Sending…' : 'Send test'}
                </button>
                <button type="button" onClick={() => setEditing(true)} disabled={editing}>
                  Edit
                </button>
                <ConfirmButton
                  label="Delete"
                  question={`Delete webhook ${hook.name}? Waiting deliveries are dropped; the history stays 30 days.`}
                  busy={deleteState.fetching}
                  onConfirm={async () => {
                    const outcome = await remove({ id: hook.id });
                    if (!outcome.error) navigate('/admin/webhooks');
                  }}
                />
              </>
            ) : null}
          </>
        }
      />
      <ErrorNotice error={testState.error ?? deleteState.error} />
      <div aria-live="polite">
        {tested ? (
          <div className={`notice ${tested.status === 'SUCCESS' ? '' : 'notice-warn'}`} data-testid="test-result">
            Test sent {formatDateTime(tested.at)}: <Badge {...executionBadge(tested.status)} />{' '}
            {tested.statusCode !== null ? `HTTP ${tested.statusCode}` : ''} in {tested.durationMs} ms
            {tested.error ? ` — ${tested.error}` : ''}
          </div>
        ) : null}
      </div>
      {hook.secretError ? (
        <div className="notice notice-error" data-testid="webhook-secret-error">
          {hook.secretError}. Until then nothing is sent: deliveries would go out unsigned.
        </div>
      ) : null}
      {hook.headersError ? (
        <div className="notice notice-error" data-testid="webhook-headers-error">
          {hook.headersError}. Until then nothing is sent: deliveries would go out without them.
        </div>
      ) : null}
      {hook.status === 'ERROR' ? (
        <div className="notice notice-error">
          Deliveries stopped after {hook.consecutiveFailures} failures in a row{hook.statusReason ? `: ${hook.statusReason}` : ''}. A
          successful test or saving the webhook starts them again.
        </div>
      ) : null}
      {editing ? (
        <>
          <h2>Edit</h2>
          <WebhookForm
            initial={webhookValues(hook)}
            hasSecret={hook.hasSecret}
            busy={updateState.fetching}
            serverError={<ErrorNotice error={updateState.error} />}
            submitLabel="Save webhook"
            onCancel={() => setEditing(false)}
            onSubmit={async (values) => {
              const input = updateWebhookInput(webhookValues(hook), values);
              if (Object.keys(input).length === 0) return setEditing(false);
              const outcome = await update({ id: hook.id, input });
              if (outcome.error) return;
              setEditing(false);
              refresh();
            }}
          />
        </>
      ) : (
        <section className="card" aria-label="Settings">
          <dl className="facts">
            <dt>Events</dt>
            <dd>{hook.events.join(', ')}</dd>
            <dt>Signing secret</dt>
            <dd>
              {hook.secretError ? 'cannot be read: set it again' : hook.hasSecret ? 'set (write-only)' : 'none: deliveries are not signed'}
            </dd>
            <dt>Headers</dt>
            <dd data-testid="webhook-headers">
              {hook.headers.length === 0
                ? 'none'
                : hook.headers.map((h) => `${h.name} (${h.hasValue ? 'value set, write-only' : 'empty'})`).join(', ')}
            </dd>
            <dt>Retries</dt>
            <dd>
              {hook.retryMax}, {hook.retryBackoff.toLowerCase()} from {hook.retryDelayMs} ms; timeout {hook.timeoutMs} ms
            </dd>
            <dt>Waiting deliveries</dt>
            <dd>{hook.pendingDeliveries}</dd>
            <dt>Created</dt>
            <dd>
              {formatDateTime(hook.createdAt)}
              {hook.createdBy ? ` by ${hook.createdBy}` : ''}
            </dd>
          </dl>
        </section>
      )}
      <h2>Figures</h2>
      <WebhookStatsFacts stats={result.data!.webhookStats} label="This webhook's deliveries" />
      <h2>Execution history</h2>
      <WebhookExecutions
        webhookId={hook.id}
        offset={offset}
        onPage={(next) => patchQuery({ offset: next === 0 ? null : String(next) })}
        highlightId={tested?.id ?? null}
        refreshKey={tested?.id ?? ''}
      />
    </>
  );
}
