/**
 * `mixed`: the fleet, the operators' dashboards, the desk and a storm in one run, each at a set share
 * of its own pace (a knob per part, 0 leaves the part out). The scenario file (scenarioFile.ts)
 * gives the same parts with proportions of its own.
 */
import type { Stream } from '../operation.js';
import type { Knob, Prepared, Scenario, ScenarioContext } from '../scenario.js';
import { DASHBOARD_KNOBS, dashboardParts, setUpWatched } from './dashboards.js';
import { DESK_KNOBS, deskScenario } from './desk.js';
import { fleetOf, fleetStreams } from './fleet.js';
import { setUpFleet } from './fleetModel.js';
import { STORM_KNOBS, stormStreams } from './storm.js';

export const PARTS = ['fleet', 'dashboards', 'desk', 'storm'] as const;

export const MIXED_KNOBS: readonly Knob[] = [
  { name: 'fleet', description: 'share of the fleet part (its streams scaled by it; 0 leaves it out)', default: 1 },
  { name: 'dashboards', description: 'share of the dashboards part', default: 1 },
  { name: 'desk', description: 'share of the desk part (needs the ticketing plugin)', default: 0 },
  { name: 'storm', description: '1: the storm happens, 0: it does not (needs the fleet)', default: 1 },
  ...dedupe([...STORM_KNOBS, ...DASHBOARD_KNOBS, ...DESK_KNOBS]),
];

function dedupe(knobs: readonly Knob[]): Knob[] {
  const seen = new Set<string>();
  return knobs.filter((knob) => !seen.has(knob.name) && seen.add(knob.name));
}

const scaled = (streams: readonly Stream[], share: number): Stream[] =>
  streams
    .map((s) => (s.kind === 'rate' ? { ...s, perSecond: s.perSecond * share, next: s.next } : s))
    .filter((s) => s.kind !== 'rate' || s.perSecond > 0);

/** The parts a mix asks for, together (knobs: PARTS as shares, plus every part's own knobs). */
export async function prepareMix(context: ScenarioContext, knobs: Readonly<Record<string, number>>): Promise<Prepared> {
  const streams: Stream[] = [];
  const background: NonNullable<Prepared['background']>[number][] = [];
  if (knobs['fleet']! > 0) {
    const fleet = fleetOf(context, knobs);
    await setUpFleet(context, fleet);
    streams.push(...scaled(fleetStreams(context, fleet, knobs), knobs['fleet']!));
    if (knobs['storm']! > 0) streams.push(...stormStreams(context, fleet, knobs));
  }
  if (knobs['dashboards']! > 0) {
    if (!context.target.token) throw new Error('the dashboards part signs in as an operator: pass --user and --password');
    const parts = dashboardParts(context, await setUpWatched(context, knobs['services']!), knobs);
    streams.push(...scaled(parts.streams, knobs['dashboards']!));
    background.push(...(parts.background ?? []));
  }
  if (knobs['desk']! > 0) {
    if (!context.target.token) throw new Error('the desk part signs in as an operator: pass --user and --password');
    streams.push(...scaled((await deskScenario.prepare(context)).streams, knobs['desk']!));
  }
  if (streams.length === 0) throw new Error(`the mix has no part: give one of ${PARTS.join(', ')} a share above 0`);
  return { streams, background };
}

export const mixedScenario: Scenario = {
  name: 'mixed',
  description: 'fleet, dashboards, desk and a storm together at set shares',
  knobs: MIXED_KNOBS,
  needsUser: true,
  prepare: (context) => prepareMix(context, context.knobs),
};
