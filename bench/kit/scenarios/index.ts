/**
 * The built-in scenarios, and the lookup of a scenario by name or by a scenario file's path.
 */
import type { Scenario } from '../scenario.js';
import { fleetScenario } from './fleet.js';

export const SCENARIOS: readonly Scenario[] = [fleetScenario];

export interface FoundScenario {
  readonly scenario: Scenario;
  /** What a scenario file sets besides the mix. */
  readonly knobs?: Readonly<Record<string, number>>;
  readonly durationSeconds?: number;
  readonly rate?: number;
  readonly thresholds?: readonly string[];
}

export function findScenario(nameOrFile: string): FoundScenario {
  const scenario = SCENARIOS.find((s) => s.name === nameOrFile);
  if (scenario) return { scenario };
  throw new Error(`no scenario ${nameOrFile}; the scenarios: ${SCENARIOS.map((s) => s.name).join(', ')}, or a .yaml scenario file`);
}
