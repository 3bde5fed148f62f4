/**
 * The machine API (SPEC.md "REST overview"): agents, push clients and backup jobs, all behind the
 * operator API key. Each handler: parse -> call a command (src/core/commands: apply, await commit) -> reply.
 */
import { AGENT_ONLINE_WINDOW_MS } from '../fleet/agentRegistry.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import { jsonReply } from '../../platform/gateway/http.js';
import { KiB, MiB, type RestRequest, type Route } from '../../platform/gateway/routes.js';
import { inSortOrder } from '../fleet/serviceSorting.js';
import { serviceView } from '../ingest/serviceView.js';
import { parseServiceListQuery } from '../protocol/serviceListQuery.js';
import { nodePath, parseJsonObject, Warnings } from '../protocol/fields.js';
import {
  parseBackupReport,
  parseCommandResult,
  parseHealthReport,
  parseHeartbeat,
  parseRegistration,
  parseStorageReport,
} from '../protocol/machineBodies.js';
import { commitChange } from '../commands/commitBoundary.js';
import { parseHealthReportBatch } from '../protocol/healthReportBatch.js';
import type { RestContext } from './context.js';

/** Body caps of SPEC.md "Limits". */
export const BODY_LIMITS = {
  register: 512 * KiB,
  statusSync: 2 * MiB,
  heartbeat: 64 * KiB,
  push: 64 * KiB,
  commandResult: 64 * KiB,
} as const;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function machineRoutes(ctx: RestContext): Route[] {
  const { fleet } = ctx;
  const post = (path: string, bodyLimit: number, handle: (request: RestRequest) => Promise<ReturnType<typeof jsonReply>>): Route => ({
    method: 'POST',
    path,
    auth: 'machine',
    rateLimited: true,
    bodyLimit,
    handle,
  });
  const get = (path: string, handle: (request: RestRequest) => Promise<ReturnType<typeof jsonReply>>): Route => ({
    method: 'GET',
    path,
    auth: 'machine',
    rateLimited: true,
    bodyLimit: 0,
    handle,
  });

  return [
    get('/api/v1/operator/services', async ({ query }) => {
      const raw = query.get('nodeId');
      if (raw === null || raw === '') throw new AppError(ErrorCode.BadRequest, 'query parameter "nodeId" is required');
      const path = nodePath(raw, 'nodeId', new Warnings());
      const list = parseServiceListQuery(query);
      await ctx.writer.settled();
      const now = ctx.clock.now();
      const states = list.storageStates === null ? null : new Set(list.storageStates);
      let matching = fleet.services.underNode(path);
      if (states !== null) matching = matching.filter((s) => s.storage !== null && states.has(s.storage.status));
      const ordered = list.sort === null ? matching : inSortOrder(fleet.services, matching, list.sort);
      const services: ReturnType<typeof serviceView>[] = [];
      let skipped = 0;
      for (const s of ordered) {
        if (list.limit !== null && services.length >= list.limit) break;
        if (skipped < list.offset) skipped += 1;
        else services.push(serviceView(s, now));
      }
      return jsonReply(200, { nodeId: path, count: matching.length, services });
    }),

    post('/api/v1/operator/register', BODY_LIMITS.register, async ({ body }) => {
      const { value, warnings } = parseRegistration(parseJsonObject(body));
      const { service, created } = await ctx.services.register(value);
      return jsonReply(created ? 201 : 200, { success: true, created, service: serviceView(service, ctx.clock.now()), warnings });
    }),

    post('/api/v1/operator/status', BODY_LIMITS.statusSync, async ({ body }) => {
      const { value, warnings } = ctx.services.readStatusSync(body);
      const outcome = await ctx.services.syncStatus(value);
      return jsonReply(200, { success: true, ...outcome, rejected: value.rejected, warnings });
    }),

    post('/api/v1/operator/heartbeat', BODY_LIMITS.heartbeat, async ({ body }) => {
      const { value, warnings } = parseHeartbeat(parseJsonObject(body));
      const commands = await commitChange(ctx, (at) => {
        fleet.agents.heartbeat(value, at);
        return fleet.agents.takeOpenCommands(value.nodeId, at);
      });
      return jsonReply(200, {
        success: true,
        commands: commands.map((c) => ({ id: c.id, type: c.type, payload: c.payload, createdAt: iso(c.createdAt) })),
        warnings,
      });
    }),

    post('/api/v1/operator/command-result', BODY_LIMITS.commandResult, async ({ body }) => {
      const { value, warnings } = parseCommandResult(parseJsonObject(body));
      const outcome = await commitChange(ctx, (at) => fleet.agents.complete(value, at));
      if (outcome === 'unknown-command') {
        throw new AppError(ErrorCode.NotFound, `no command ${value.commandId} was sent to node ${value.nodeId}`);
      }
      return jsonReply(200, { success: true, commandId: value.commandId, alreadyRecorded: outcome === 'already-completed', warnings });
    }),

    get('/api/v1/operator/nodes', async () => {
      await ctx.writer.settled();
      const now = ctx.clock.now();
      const nodes = fleet.agents.list().map((a) => ({
        nodeId: a.nodeId,
        version: a.version,
        operatorVersion: a.operatorVersion,
        watchedServices: a.watchedServices,
        healthyServices: a.healthyServices,
        unhealthyServices: a.unhealthyServices,
        lastHeartbeatAt: iso(a.lastHeartbeatAt),
        lastStatusSyncAt: iso(a.lastStatusSyncAt),
        online: a.lastHeartbeatAt !== null && now - a.lastHeartbeatAt <= AGENT_ONLINE_WINDOW_MS,
      }));
      return jsonReply(200, { count: nodes.length, nodes });
    }),

    post('/api/v1/health/report', BODY_LIMITS.push, async ({ body }) => {
      const { value, warnings } = parseHealthReport(parseJsonObject(body));
      const outcome = await ctx.services.reportHealth(value);
      return jsonReply(200, {
        success: true,
        created: outcome.created,
        serviceId: outcome.service.id,
        serviceName: outcome.service.name,
        nodeId: outcome.service.nodePath,
        previousStatus: outcome.previousStatus,
        status: outcome.service.status,
        warnings: [...warnings, ...outcome.warnings],
      });
    }),

    // Many services in one request (under the status sync's cap): readable entries are applied in one
    // commit, the others are refused one by one; each answer keeps its entry's index.
    post('/api/v1/health/report/batch', BODY_LIMITS.statusSync, async ({ body }) => {
      const { value: entries, warnings } = parseHealthReportBatch(parseJsonObject(body));
      const outcomes = await ctx.services.reportHealthBatch(entries);
      const rejected = outcomes.filter((o) => !o.ok).length;
      return jsonReply(200, {
        success: rejected === 0,
        accepted: outcomes.length - rejected,
        rejected,
        results: outcomes.map((o) =>
          o.ok
            ? {
                index: o.index,
                success: true,
                created: o.outcome.created,
                serviceId: o.outcome.service.id,
                serviceName: o.outcome.service.name,
                nodeId: o.outcome.service.nodePath,
                previousStatus: o.outcome.previousStatus,
                status: o.outcome.service.status,
                warnings: o.warnings,
              }
            : { index: o.index, success: false, error: o.error, warnings: [] },
        ),
        warnings,
      });
    }),

    post('/api/v1/storage/report', BODY_LIMITS.push, async ({ body }) => {
      const { value, warnings } = parseStorageReport(parseJsonObject(body));
      const { service, reading, created } = await ctx.services.reportStorage(value);
      return jsonReply(200, {
        success: true,
        created,
        serviceId: service.id,
        serviceName: service.name,
        freePercent: reading.freePercent,
        status: reading.status,
        warnings,
      });
    }),

    post('/api/v1/backup/report', BODY_LIMITS.push, async ({ body }) => {
      const { value, warnings } = parseBackupReport(parseJsonObject(body));
      const outcome = await ctx.services.reportBackup(value);
      return jsonReply(200, {
        success: outcome.success,
        message: outcome.message,
        affected: outcome.services.length,
        services: outcome.services.map((s) => s.name),
        warnings,
      });
    }),
  ];
}
