/**
 * The fleet the fleet, storm and mixed scenarios drive: agents on a node hierarchy
 * (`<prefix>/region-r/cluster-c/agent-a`), each with Kubernetes services it syncs and services
 * outside Kubernetes it health-pushes. Every service remembers its status, so a push either repeats
 * it or changes it (a set share of pushes), and a change that is acknowledged goes into the
 * AckBook for the subscribers' event delivery latency.
 */
import { mapConcurrent } from '../../lib/graphqlCalls.js';
import type { Operation } from '../operation.js';
import type { ScenarioContext } from '../scenario.js';

export interface FleetService {
  readonly name: string;
  readonly nodeId: string;
  status: string;
}

export interface FleetAgent {
  readonly nodeId: string;
  readonly k8s: FleetService[];
  readonly pushed: FleetService[];
}

export interface Fleet {
  readonly agents: readonly FleetAgent[];
  /** Every health-pushed service, in a fixed order. */
  readonly pushed: readonly FleetService[];
}

export function buildFleet(prefix: string, agents: number, k8sPerAgent: number, pushedPerAgent: number): Fleet {
  const list: FleetAgent[] = [];
  for (let a = 0; a < agents; a += 1) {
    const nodeId = `${prefix}/region-${a % 3}/cluster-${a % 7}/agent-${a}`;
    const service = (kind: string, i: number): FleetService => ({ name: `${kind}-${a}-${i}`, nodeId, status: 'OPERATIONAL' });
    list.push({
      nodeId,
      k8s: Array.from({ length: k8sPerAgent }, (_, i) => service('k8s', i)),
      pushed: Array.from({ length: pushedPerAgent }, (_, i) => service('svc', i)),
    });
  }
  return { agents: list, pushed: list.flatMap((agent) => agent.pushed) };
}

export const apiHeaders = (apiKey: string): Record<string, string> => (apiKey === '' ? {} : { 'x-api-key': apiKey });

async function post(context: ScenarioContext, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${context.target.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...apiHeaders(context.target.apiKey) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status < 200 || response.status >= 300)
    throw new Error(`setting up: POST ${path} answered ${response.status}: ${text.slice(0, 300)}`);
}

/** Registers the Kubernetes services and pushes each other service once, so the load updates and does not create. */
export async function setUpFleet(context: ScenarioContext, fleet: Fleet): Promise<void> {
  const k8s = fleet.agents.flatMap((agent) => agent.k8s);
  await mapConcurrent(k8s, 8, (service) =>
    post(context, '/api/v1/operator/register', {
      name: service.name,
      displayName: service.name,
      nodeId: service.nodeId,
      criticality: 'high',
    }),
  );
  await mapConcurrent(fleet.pushed, 8, (service) =>
    post(context, '/api/v1/health/report', { service: service.name, nodeId: service.nodeId, status: service.status, message: 'svc-bench' }),
  );
  context.log(
    `set up ${fleet.agents.length} agents, ${k8s.length} Kubernetes services, ${fleet.pushed.length} pushed services under ${context.prefix}`,
  );
}

/** A health push of a service: its status repeated, or changed with probability `changeShare` (or to `force`). */
export function healthPush(
  context: ScenarioContext,
  service: FleetService,
  options: { readonly changeShare: number; readonly force?: string; readonly name?: string },
): Operation {
  const changes = options.force !== undefined ? options.force !== service.status : context.random() < options.changeShare;
  const status = options.force ?? (changes ? (service.status === 'OPERATIONAL' ? 'DEGRADED' : 'OPERATIONAL') : service.status);
  service.status = status;
  const key = changes ? context.acks.nextKey() : undefined;
  return {
    name: options.name ?? 'push',
    method: 'POST',
    path: '/api/v1/health/report',
    headers: apiHeaders(context.target.apiKey),
    body: JSON.stringify({ service: service.name, nodeId: service.nodeId, status, message: key ?? 'svc-bench' }),
    ...(key !== undefined ? { onAnswer: (_body: Buffer, at: number) => context.acks.ack(key, at) } : {}),
  };
}

export function heartbeat(context: ScenarioContext, agent: FleetAgent): Operation {
  const unhealthy = agent.k8s.filter((service) => service.status !== 'OPERATIONAL').length;
  return {
    name: 'heartbeat',
    method: 'POST',
    path: '/api/v1/operator/heartbeat',
    headers: apiHeaders(context.target.apiKey),
    body: JSON.stringify({
      nodeId: agent.nodeId,
      version: 'svc-bench',
      watchedServices: agent.k8s.length,
      healthyServices: agent.k8s.length - unhealthy,
      unhealthyServices: unhealthy,
    }),
  };
}

/** A Kubernetes status sync of every service of the agent; each changes with probability `changeShare`. */
export function statusSync(context: ScenarioContext, agent: FleetAgent, changeShare: number): Operation {
  const services = agent.k8s.map((service) => {
    if (context.random() < changeShare) service.status = service.status === 'OPERATIONAL' ? 'DEGRADED' : 'OPERATIONAL';
    const ready = service.status === 'OPERATIONAL' ? 3 : 1;
    return {
      name: service.name,
      namespace: 'svc-bench',
      status: service.status,
      message: 'svc-bench',
      workloadType: 'Deployment',
      workloadName: service.name,
      replicas: 3,
      readyReplicas: ready,
      availableReplicas: ready,
      images: ['svc-bench:1'],
    };
  });
  return {
    name: 'status-sync',
    method: 'POST',
    path: '/api/v1/operator/status',
    headers: apiHeaders(context.target.apiKey),
    body: JSON.stringify({ nodeId: agent.nodeId, operatorVersion: 'svc-bench', services }),
  };
}

export function storageReport(context: ScenarioContext, agent: FleetAgent, i: number): Operation {
  const allocated = 1_000_000_000_000;
  return {
    name: 'storage',
    method: 'POST',
    path: '/api/v1/storage/report',
    headers: apiHeaders(context.target.apiKey),
    body: JSON.stringify({
      service: `${agent.pushed[0]?.name ?? 'storage'}-disk`,
      nodeId: agent.nodeId,
      allocatedBytes: allocated,
      usedBytes: Math.floor(allocated * (0.5 + (0.4 * ((i * 7919) % 100)) / 100)),
      storageType: 'disk',
      mountPath: '/data',
    }),
  };
}

export function backupReport(context: ScenarioContext, agent: FleetAgent, i: number): Operation {
  const service = agent.k8s[i % Math.max(1, agent.k8s.length)] ?? agent.pushed[0]!;
  return {
    name: 'backup',
    method: 'POST',
    path: '/api/v1/backup/report',
    headers: apiHeaders(context.target.apiKey),
    body: JSON.stringify({
      service: service.name,
      nodeId: agent.nodeId,
      status: i % 20 === 0 ? 'failed' : 'success',
      sizeBytes: 52_428_800,
    }),
  };
}
