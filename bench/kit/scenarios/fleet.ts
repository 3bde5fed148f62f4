/**
 * `fleet`: N agents on a node hierarchy, as the product's agents behave: a heartbeat every 30 s, a
 * Kubernetes status sync of their services every 30 s, health pushes of their services outside
 * Kubernetes, storage reports, backup reports, and a set share of real status changes.
 */
import type { RateStream } from '../operation.js';
import type { Knob, Prepared, Scenario, ScenarioContext } from '../scenario.js';
import { backupReport, buildFleet, type Fleet, healthPush, heartbeat, setUpFleet, statusSync, storageReport } from './fleetModel.js';

export const FLEET_KNOBS: readonly Knob[] = [
  { name: 'agents', description: 'agents (one hierarchy node each)', default: 20 },
  { name: 'k8sServices', description: 'Kubernetes services per agent (status sync)', default: 10 },
  { name: 'pushedServices', description: 'services per agent outside Kubernetes (health push)', default: 5 },
  { name: 'heartbeatSeconds', description: 'seconds between heartbeats of an agent', default: 30 },
  { name: 'syncSeconds', description: 'seconds between status syncs of an agent', default: 30 },
  { name: 'pushSeconds', description: 'seconds between health pushes of a service', default: 30 },
  { name: 'storageSeconds', description: 'seconds between storage reports of an agent', default: 60 },
  { name: 'backupSeconds', description: 'seconds between backup reports of an agent', default: 600 },
  { name: 'changeShare', description: 'share of pushes and synced services that change status', default: 0.02 },
];

/** The fleet's streams at their natural rates (the CLI scales them to --rate). */
export function fleetStreams(context: ScenarioContext, fleet: Fleet, knobs: Readonly<Record<string, number>>): RateStream[] {
  const agents = fleet.agents;
  const n = agents.length;
  const agentAt = (i: number) => agents[i % n]!;
  const changeShare = knobs['changeShare']!;
  const streams: RateStream[] = [
    { kind: 'rate', perSecond: n / knobs['heartbeatSeconds']!, next: (i) => heartbeat(context, agentAt(i)) },
    { kind: 'rate', perSecond: n / knobs['syncSeconds']!, next: (i) => statusSync(context, agentAt(i), changeShare) },
    {
      kind: 'rate',
      perSecond: fleet.pushed.length / knobs['pushSeconds']!,
      next: (i) => healthPush(context, fleet.pushed[i % fleet.pushed.length]!, { changeShare }),
    },
    { kind: 'rate', perSecond: n / knobs['storageSeconds']!, next: (i) => storageReport(context, agentAt(i), i) },
    { kind: 'rate', perSecond: n / knobs['backupSeconds']!, next: (i) => backupReport(context, agentAt(i), i) },
  ];
  return streams.filter((stream) => stream.perSecond > 0);
}

export function fleetOf(context: ScenarioContext, knobs: Readonly<Record<string, number>>): Fleet {
  return buildFleet(`${context.prefix}/fleet`, knobs['agents']!, knobs['k8sServices']!, knobs['pushedServices']!);
}

export const fleetScenario: Scenario = {
  name: 'fleet',
  description: 'agents on a node hierarchy: heartbeats, Kubernetes status syncs, health, storage and backup reports, some status changes',
  knobs: FLEET_KNOBS,
  async prepare(context): Promise<Prepared> {
    const fleet = fleetOf(context, context.knobs);
    await setUpFleet(context, fleet);
    return { streams: fleetStreams(context, fleet, context.knobs) };
  },
};
