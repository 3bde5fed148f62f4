/**
 * The built-in scenarios, and the lookup of a scenario by name or by a scenario file's path.
 */
import { existsSync } from 'node:fs';
import type { Scenario } from '../scenario.js';
import { dashboardsScenario } from './dashboards.js';
import { deskScenario } from './desk.js';
import { fleetScenario } from './fleet.js';
import { mixedScenario } from './mixed.js';
import { readScenarioFile } from './scenarioFile.js';
import { stormScenario } from './storm.js';

export const SCENARIOS: readonly Scenario[] = [fleetScenario, dashboardsScenario, deskScenario, stormScenario, mixedScenario];

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
  if (/\.ya?ml$/.test(nameOrFile) || existsSync(nameOrFile)) {
    if (!existsSync(nameOrFile)) throw new Error(`scenario file ${nameOrFile} does not exist`);
    return readScenarioFile(nameOrFile);
  }
  throw new Error(`no scenario ${nameOrFile}; the scenarios: ${SCENARIOS.map((s) => s.name).join(', ')}, or a .yaml scenario file`);
}
