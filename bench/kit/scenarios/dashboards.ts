/**
 * `dashboards`: M signed-in operators with the console open: each holds a graphql-ws connection with
 * subscriptions to the statuses of a node subtree, to the viewers of a service page (presence) and to
 * its edit locks; they open service pages and take and release edit locks, while agents change the
 * statuses they watch. The event delivery latency is from the push's acknowledgement to the frame.
 * Every operator uses the session of --user (one person at M screens).
 */
import { mapConcurrent } from '../../lib/graphqlCalls.js';
import type { Stream } from '../operation.js';
import type { Knob, Prepared, Scenario, ScenarioContext } from '../scenario.js';
import { Subscribers } from '../subscribers.js';
import { apiHeaders, type FleetService, healthPush } from './fleetModel.js';
import { graphqlOperation } from './graphqlOperation.js';

export const DASHBOARD_KNOBS: readonly Knob[] = [
  { name: 'operators', description: 'operators with the console open (one graphql-ws connection each)', default: 20 },
  { name: 'services', description: 'services in the watched subtree', default: 20 },
  { name: 'changesPerSecond', description: 'status changes pushed into the watched subtree per second', default: 5 },
  { name: 'pageViewsPerSecond', description: 'service pages opened per second', default: 5 },
  { name: 'locksPerSecond', description: 'edit locks taken (and released) per second', default: 2 },
];

const STATUS_SUBSCRIPTION = 'subscription($p: String) { serviceStatusChanged(nodePath: $p) { message } }';
const VIEWERS_SUBSCRIPTION =
  'subscription($t: String!, $id: ID!) { entityViewersChanged(entityType: $t, entityId: $id) { viewers { userId } } }';
const LOCKS_SUBSCRIPTION = 'subscription($t: String!, $id: ID!) { editLockChanged(entityType: $t, entityId: $id) { locks { field } } }';
const SERVICE_PAGE = 'query($id: ID!) { service(id: $id) { id name status } }';
const ACQUIRE =
  'mutation($id: ID!, $f: String!) { acquireEditLock(entityType: "service", entityId: $id, field: $f, ttlSeconds: 30) { field } }';
const RELEASE = 'mutation($id: ID!, $f: String!) { releaseEditLock(entityType: "service", entityId: $id, field: $f) }';

export interface Watched {
  readonly nodeId: string;
  readonly services: ReadonlyArray<FleetService & { readonly id: string }>;
}

/** Creates the watched services (one health push each) and keeps their ids. */
export async function setUpWatched(context: ScenarioContext, count: number): Promise<Watched> {
  const nodeId = `${context.prefix}/dashboards`;
  const services = await mapConcurrent(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const service = { name: `watched-${i}`, nodeId, status: 'OPERATIONAL' };
      const response = await fetch(`${context.target.base}/api/v1/health/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...apiHeaders(context.target.apiKey) },
        body: JSON.stringify({ service: service.name, nodeId, status: service.status, message: 'svc-bench' }),
      });
      const json = (await response.json()) as { serviceId?: string };
      if (response.status !== 200 || !json.serviceId)
        throw new Error(`setting up: a health push answered ${response.status} ${JSON.stringify(json)}`);
      return { ...service, id: json.serviceId };
    },
  );
  return { nodeId, services };
}

export function dashboardParts(context: ScenarioContext, watched: Watched, knobs: Readonly<Record<string, number>>): Prepared {
  const token = context.target.token!;
  const services = watched.services;
  const at = (i: number) => services[i % services.length]!;
  const subscribers = new Subscribers({
    url: `ws://${context.target.url.host}/graphql/ws`,
    token,
    count: knobs['operators']!,
    // The viewers subscription answers at once with the current viewers: then every subscription is live.
    readyOn: 1,
    subscriptions: (i) => [
      { query: STATUS_SUBSCRIPTION, variables: { p: watched.nodeId } },
      { query: VIEWERS_SUBSCRIPTION, variables: { t: 'service', id: at(i).id } },
      { query: LOCKS_SUBSCRIPTION, variables: { t: 'service', id: at(i).id } },
    ],
    onFrame: (_index, subscription, payload, frameAt) => {
      if (subscription !== 0) return;
      const change = (payload as { data?: { serviceStatusChanged?: { message: string | null } } }).data?.serviceStatusChanged;
      if (change?.message) context.acks.frame(change.message, frameAt);
    },
  });
  const streams: Stream[] = [
    { kind: 'rate', perSecond: knobs['changesPerSecond']!, next: (i) => healthPush(context, at(i), { changeShare: 1, name: 'change' }) },
    {
      kind: 'rate',
      perSecond: knobs['pageViewsPerSecond']!,
      next: (i) => graphqlOperation('page', token, SERVICE_PAGE, { id: at(i * 7).id }),
    },
    {
      kind: 'rate',
      perSecond: knobs['locksPerSecond']! * 2,
      // Even arrivals take the lock of a field, odd ones release it.
      next: (i) => {
        const lock = Math.floor(i / 2);
        const variables = { id: at(lock * 3).id, f: `field-${lock % 5}` };
        return i % 2 === 0 ? graphqlOperation('lock', token, ACQUIRE, variables) : graphqlOperation('unlock', token, RELEASE, variables);
      },
    },
  ];
  return { streams: streams.filter((s) => s.kind !== 'rate' || s.perSecond > 0), background: [subscribers] };
}

export const dashboardsScenario: Scenario = {
  name: 'dashboards',
  description: 'operators with live dashboards: status and presence subscriptions, service pages, edit locks',
  knobs: DASHBOARD_KNOBS,
  needsUser: true,
  async prepare(context): Promise<Prepared> {
    const watched = await setUpWatched(context, context.knobs['services']!);
    return dashboardParts(context, watched, context.knobs);
  },
};
