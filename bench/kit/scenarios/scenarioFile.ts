/**
 * A scenario file: a custom mix of the built-in parts in YAML, with knobs, duration, rate and
 * thresholds that the command line can still override (bench/kit/README.md "Scenario files"):
 *
 *   name: staging-monday
 *   duration: 120
 *   rate: 300
 *   mix: { fleet: 1, dashboards: 0.5, desk: 0, storm: 1 }
 *   knobs: { agents: 200, operators: 50 }
 *   thresholds: ['push.p99<50ms', 'errors.rate<0.1%']
 *
 * Parsed strictly: an unknown key, part or knob is refused with its name.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Scenario } from '../scenario.js';
import { parseThreshold } from '../thresholds.js';
import { MIXED_KNOBS, PARTS, prepareMix } from './mixed.js';

export interface ScenarioFile {
  readonly scenario: Scenario;
  readonly knobs: Readonly<Record<string, number>>;
  readonly durationSeconds?: number;
  readonly rate?: number;
  readonly thresholds: readonly string[];
}

const KEYS = ['name', 'description', 'duration', 'rate', 'mix', 'knobs', 'thresholds'];

function numberAt(path: string, where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new Error(`${path}: ${where} must be a number >= 0, not ${JSON.stringify(value)}`);
  return value;
}

export function readScenarioFile(path: string): ScenarioFile {
  let document: unknown;
  try {
    document = parse(readFileSync(path, 'utf8'), { uniqueKeys: true, maxAliasCount: 10 });
  } catch (error) {
    throw new Error(`${path} cannot be read as a YAML scenario file: ${(error as Error).message}`);
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new Error(`${path}: a scenario file is a YAML mapping (name, mix, knobs, ...)`);
  const file = document as Record<string, unknown>;
  for (const key of Object.keys(file))
    if (!KEYS.includes(key)) throw new Error(`${path}: unknown key ${key}; the keys: ${KEYS.join(', ')}`);
  const mix = (file['mix'] ?? {}) as Record<string, unknown>;
  const knobs: Record<string, number> = { fleet: 0, dashboards: 0, desk: 0, storm: 0 };
  for (const [part, share] of Object.entries(mix)) {
    if (!(PARTS as readonly string[]).includes(part)) throw new Error(`${path}: mix has no part ${part}; the parts: ${PARTS.join(', ')}`);
    knobs[part] = numberAt(path, `mix.${part}`, share);
  }
  const known = new Set(MIXED_KNOBS.map((knob) => knob.name));
  for (const [name, value] of Object.entries((file['knobs'] ?? {}) as Record<string, unknown>)) {
    if (!known.has(name) || (PARTS as readonly string[]).includes(name))
      throw new Error(`${path}: unknown knob ${name} (svc-bench list shows them under mixed)`);
    knobs[name] = numberAt(path, `knobs.${name}`, value);
  }
  const thresholds = (file['thresholds'] ?? []) as unknown;
  if (!Array.isArray(thresholds) || thresholds.some((t) => typeof t !== 'string'))
    throw new Error(`${path}: thresholds is a list of strings like 'push.p99<50ms'`);
  for (const threshold of thresholds) parseThreshold(threshold);
  const name = typeof file['name'] === 'string' ? file['name'] : path;
  const needsUser = knobs['dashboards']! > 0 || knobs['desk']! > 0;
  return {
    scenario: {
      name,
      description: typeof file['description'] === 'string' ? file['description'] : `a mix from ${path}`,
      knobs: MIXED_KNOBS,
      needsUser,
      prepare: (context) => prepareMix(context, context.knobs),
    },
    knobs,
    ...(file['duration'] !== undefined ? { durationSeconds: numberAt(path, 'duration', file['duration']) } : {}),
    ...(file['rate'] !== undefined ? { rate: numberAt(path, 'rate', file['rate']) } : {}),
    thresholds: thresholds as string[],
  };
}
