/**
 * `storm`: the fleet at its usual pace, and at a set moment a share of its pushed services goes DOWN
 * at once (spread over a second), then comes back OPERATIONAL later: what an SLA storm looks like to
 * the server (status changes, incidents, fan-out to dashboards) while the rest of the fleet goes on.
 */
import type { BurstStream } from '../operation.js';
import type { Prepared, Scenario, ScenarioContext } from '../scenario.js';
import { FLEET_KNOBS, fleetOf, fleetStreams } from './fleet.js';
import { type Fleet, healthPush, setUpFleet } from './fleetModel.js';

export const STORM_KNOBS = [
  ...FLEET_KNOBS,
  { name: 'stormShare', description: 'share of the pushed services that go DOWN', default: 0.3 },
  { name: 'stormAt', description: 'when they go DOWN, as a share of the duration', default: 0.3 },
  { name: 'recoverAt', description: 'when they come back, as a share of the duration', default: 0.6 },
  { name: 'stormSpreadSeconds', description: 'the DOWN (and the recovery) pushes are spread over this long', default: 1 },
];

export function stormStreams(context: ScenarioContext, fleet: Fleet, knobs: Readonly<Record<string, number>>): BurstStream[] {
  const hit = fleet.pushed.slice(0, Math.round(fleet.pushed.length * knobs['stormShare']!));
  const burst = (name: string, at: number, status: string): BurstStream => ({
    kind: 'burst',
    atSeconds: context.durationSeconds * at,
    count: hit.length,
    overSeconds: knobs['stormSpreadSeconds']!,
    next: (i) => healthPush(context, hit[i]!, { changeShare: 0, force: status, name }),
  });
  return [burst('storm-down', knobs['stormAt']!, 'DOWN'), burst('storm-up', knobs['recoverAt']!, 'OPERATIONAL')];
}

export const stormScenario: Scenario = {
  name: 'storm',
  description: 'the fleet, and a share of its services going DOWN at once and coming back',
  knobs: STORM_KNOBS,
  async prepare(context): Promise<Prepared> {
    const fleet = fleetOf(context, context.knobs);
    await setUpFleet(context, fleet);
    return { streams: [...fleetStreams(context, fleet, context.knobs), ...stormStreams(context, fleet, context.knobs)] };
  },
};
