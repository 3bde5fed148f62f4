/** What the service reports about itself: workload and replicas, images, dependencies both ways, backups, storage. */
import { Link } from '../../app/router';
import { formatBytes, formatDateTime, formatPercent, formatRelative } from '../../ui/format';
import type { ServiceDetails, ServiceLink } from './documents';
import { Badge } from '../../ui/kit/Badge';
import { serviceStatusBadge } from '../../ui/badges';

export function Workload({ service }: { service: ServiceDetails }) {
  const replicas = service.replicas;
  const short = replicas !== null && service.readyReplicas !== null && service.readyReplicas < replicas;
  return (
    <>
      <dl className="facts">
        <dt>Replicas</dt>
        <dd className={short ? 'fact-warn' : undefined}>
          {replicas === null ? '—' : `${service.readyReplicas ?? '?'} ready of ${replicas}`}
          {service.availableReplicas !== null ? ` (${service.availableReplicas} available)` : ''}
          {short ? ' — not all ready' : ''}
        </dd>
        <dt>Workload</dt>
        <dd>{service.workloadType || service.workloadName ? `${service.workloadType ?? ''} ${service.workloadName ?? ''}`.trim() : '—'}</dd>
        <dt>Namespace</dt>
        <dd>{service.namespace ?? '—'}</dd>
        <dt>Last agent sync</dt>
        <dd>
          {service.lastOperatorSync ? (
            <time dateTime={service.lastOperatorSync} title={formatDateTime(service.lastOperatorSync)}>
              {formatRelative(service.lastOperatorSync)}
            </time>
          ) : (
            '—'
          )}
        </dd>
      </dl>
      <h3>Images</h3>
      {service.images.length === 0 ? (
        <p className="muted">No images reported.</p>
      ) : (
        <ul className="image-list">
          {service.images.map((image) => (
            <li key={image}>
              <code>{image}</code>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ServiceRow({ service, type }: { service: ServiceLink; type: string }) {
  return (
    <tr>
      <td>
        <Link to={`/services/${encodeURIComponent(service.id)}`}>{service.name}</Link>
        <div className="muted small">{service.path}</div>
      </td>
      <td>{type}</td>
      <td>
        <Badge {...serviceStatusBadge(service.status)} />
      </td>
    </tr>
  );
}

function DependencyTable({ caption, rows }: { caption: string; rows: readonly { service: ServiceLink; type: string }[] }) {
  return (
    <>
      <h3>{caption}</h3>
      {rows.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <ServiceRow key={row.service.id} service={row.service} type={row.type} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export function Dependencies({ service }: { service: ServiceDetails }) {
  return (
    <>
      <DependencyTable
        caption="Depends on"
        rows={service.dependencies.map((d) => ({ service: d.targetService, type: d.dependencyType }))}
      />
      <DependencyTable caption="Needed by" rows={service.dependents.map((d) => ({ service: d.sourceService, type: d.dependencyType }))} />
    </>
  );
}

export function Backups({ service }: { service: ServiceDetails }) {
  if (!service.backupExpected && !service.lastBackupAt) return <p className="muted">No backups are expected for this service.</p>;
  return (
    <>
      {service.backupOverdue ? (
        <div className="notice notice-error" role="status">
          <Badge tone="alert">Overdue</Badge> No successful backup in the last {service.backupMaxAgeDays ?? 1} day
          {(service.backupMaxAgeDays ?? 1) === 1 ? '' : 's'}. Check the backup job of this service.
        </div>
      ) : null}
      <dl className="facts">
        <dt>Expected</dt>
        <dd>{service.backupExpected ? `yes, at most ${service.backupMaxAgeDays ?? 1} day(s) apart` : 'no'}</dd>
        <dt>Last backup</dt>
        <dd>
          {service.lastBackupAt ? `${formatDateTime(service.lastBackupAt)} (${formatRelative(service.lastBackupAt)})` : 'never reported'}
        </dd>
        <dt>Outcome</dt>
        <dd>{service.lastBackupStatus ?? '—'}</dd>
      </dl>
    </>
  );
}

export function Storage({ service }: { service: ServiceDetails }) {
  const storage = service.storage;
  if (!storage) return <p className="muted">No storage reported.</p>;
  const usedPercent = storage.allocatedBytes > 0 ? (100 * storage.usedBytes) / storage.allocatedBytes : 0;
  return (
    <>
      <div className="storage-meter">
        <meter min={0} max={100} low={70} high={90} optimum={0} value={usedPercent} aria-label="Storage used">
          {formatPercent(usedPercent, 0)}
        </meter>
        <Badge palette={`storage-${storage.status}`}>{storage.status}</Badge>
      </div>
      <dl className="facts">
        <dt>Used</dt>
        <dd>
          {formatBytes(storage.usedBytes)} of {formatBytes(storage.allocatedBytes)} ({formatPercent(storage.freePercent, 1)} free)
        </dd>
        <dt>Kind</dt>
        <dd>{[storage.storageType, storage.mountPath].filter(Boolean).join(' at ') || '—'}</dd>
        <dt>Reported</dt>
        <dd>{formatDateTime(storage.reportedAt)}</dd>
      </dl>
    </>
  );
}
