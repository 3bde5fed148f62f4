/**
 * What `POST /api/v1/dev/seed` adds with `historyDays`: each new demo service gets that many days of
 * synthetic 5-minute status history before it was created (demoHistory.ts) with its weekly
 * maintenance windows, and the demo SLA group gets a demo SLA definition (99.9 % a month), so a new
 * user sees SLA figures, trends, incidents and a report at once.
 *
 * History is written as the product would have written it, through the batch writer: interval rows
 * (with negative `seq`, so they sort before the service's own first interval) and ended maintenance
 * windows. Only for services this seed just created, so no real history is ever touched.
 */
import { randomUUID } from 'node:crypto';
import type { DevServices } from './devServices.js';
import type { Viewer } from '../../core/auth/roles.js';
import { commitChange } from '../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import { intervalRow } from '../../core/storage/serviceRows.js';
import { statusIntervalsTable } from '../../core/storage/tables.js';
import { readCreateDefinition } from '../sla/definitions/definitionInput.js';
import { maintenanceWindowsTable, windowRow } from '../sla/windows/maintenanceWindowTables.js';
import { demoHistory } from './demoHistory.js';

export const DEMO_SLA_GROUP = 'demo';
export const DEMO_SLA_NAME = 'Demo availability';
export const MAX_HISTORY_DAYS = 90;
/** Services whose history goes into one commit: bounded batches instead of one huge one. */
const SERVICES_PER_COMMIT = 100;

export interface SeededService {
  readonly id: string;
  readonly name: string;
  /** When the service was created: its history ends there. */
  readonly createdAt: number;
}

export interface DemoSlaSeed {
  readonly intervals: number;
  readonly windows: number;
  readonly slaDefinitionId: string;
}

export async function seedDemoSla(app: DevServices, services: readonly SeededService[], days: number): Promise<DemoSlaSeed> {
  const author = demoAuthor(app);
  let intervals = 0;
  let windows = 0;
  for (let start = 0; start < services.length; start += SERVICES_PER_COMMIT) {
    for (const service of services.slice(start, start + SERVICES_PER_COMMIT)) {
      const history = demoHistory(service.name, days, service.createdAt);
      history.intervals.forEach((interval, index) => {
        const seq = index - history.intervals.length;
        app.writer.upsert(statusIntervalsTable, intervalRow(service.id, seq, interval.status, null, interval.startedAt, interval.endedAt));
      });
      for (const window of history.windows) {
        app.writer.upsert(
          maintenanceWindowsTable,
          windowRow(
            {
              id: randomUUID(),
              serviceId: service.id,
              reason: window.reason,
              startedAt: window.startedAt,
              expectedEndAt: window.endedAt,
              endedAt: window.endedAt,
              endedBy: 'expiry',
              createdBy: { kind: 'user', userId: author.userId },
              endedByActor: null,
              deletedAt: null,
              deletedBy: null,
            },
            { status: 'OPERATIONAL', message: null },
          ),
        );
      }
      // A later seed's services join a group whose SLA may have stored closed periods already.
      if (history.intervals.length > 0) app.slaFigures.historyChanged(service.id, history.intervals[0]!.startedAt, service.createdAt);
      intervals += history.intervals.length;
      windows += history.windows.length;
    }
    await app.writer.acknowledge();
  }
  const slaDefinitionId = await demoDefinition(app, author);
  // The live evaluation keeps open periods from live changes; history written behind it is read again.
  app.slaEvaluation.replayAll();
  return { intervals, windows, slaDefinitionId };
}

/** The SLA records need a person as their author: the first active admin. */
function demoAuthor(app: DevServices): Viewer {
  for (const user of app.users.all()) {
    if (user.role === 'admin' && user.active) return { userId: user.id, username: user.username, role: user.role, sessionId: 'dev-seed' };
  }
  throw new AppError(ErrorCode.Conflict, 'the demo SLA needs an active admin to record as its author; create one first');
}

/** The demo group (declared as an agent's status sync would), and its definition, created once and assigned to it. */
async function demoDefinition(app: DevServices, author: Viewer): Promise<string> {
  await commitChange({ writer: app.writer, clock: app.clock }, (at) =>
    app.fleet.slaGroups.declare({ name: DEMO_SLA_GROUP, displayName: 'Demo services', tier: 'standard', targets: { uptime: 99.9 } }, at),
  );
  const definition =
    app.sla.catalog.definitionNamed(DEMO_SLA_NAME) ??
    (await app.sla.definitions.create(
      author,
      readCreateDefinition({ name: DEMO_SLA_NAME, description: 'Created by the development seed', targetPercent: 99.9, period: 'MONTH' }),
    ));
  await app.sla.definitions.assign(author, { definitionId: definition.id, serviceId: null, groupName: DEMO_SLA_GROUP });
  return definition.id;
}
