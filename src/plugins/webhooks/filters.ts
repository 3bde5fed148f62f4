/**
 * Webhook `filters`: which events of the subscribed kinds are delivered. A filter is a JSON object
 * whose keys are dotted paths into the event's `data` and whose values say what the value there
 * must be. Every key must match (AND); a list matches any of its entries (OR).
 *
 * - a string, number, boolean or null: equal to it (strings compare exactly, case-sensitive; a
 *   number never equals a string);
 * - a string with `*`: a glob, `*` standing for any run of characters (including `/`);
 *   `"eu/prod/*"` matches every path under `eu/prod/`;
 * - a list of those: any of them.
 *
 * A path that is missing matches only `null`. Examples:
 * `{"service.path": "eu/prod/*"}`, `{"status": ["DOWN", "DEGRADED"]}`,
 * `{"service.name": "payments-*", "previousStatus": "OPERATIONAL"}`, `{"notification.type": "sla.breached"}`.
 *
 * Validated once on write (`parseFilters`) into a compiled matcher; matching runs no code from the
 * filter and reads own properties only (jsonPath.ts).
 */
import { clip, parsePath, valueAt, type PathSegments } from './jsonPath.js';

export const MAX_FILTER_KEYS = 20;
export const MAX_FILTER_VALUES = 100;
export const MAX_FILTER_STRING = 256;
export const MAX_FILTER_TEXT = 16 * 1024;

export type FilterScalar = string | number | boolean | null;
export type FilterSpec = Readonly<Record<string, FilterScalar | readonly FilterScalar[]>>;

export type FilterMatcher = (data: unknown) => boolean;

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Parses and checks filter JSON text (null or `{}`: no filter). */
export function parseFiltersText(text: string): Parsed<FilterSpec> {
  if (Buffer.byteLength(text, 'utf8') > MAX_FILTER_TEXT) return { ok: false, problem: `filters is larger than ${MAX_FILTER_TEXT} bytes` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `filters is not valid JSON: ${(error as Error).message}` };
  }
  return checkFilters(value);
}

/** Checks a parsed filter value; the result is safe to store and to compile. */
export function checkFilters(value: unknown): Parsed<FilterSpec> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      problem: 'filters must be a JSON object of path: value, e.g. {"service.path": "eu/prod/*", "status": ["DOWN", "DEGRADED"]}',
    };
  }
  const keys = Object.keys(value);
  if (keys.length > MAX_FILTER_KEYS) return { ok: false, problem: `filters has more than ${MAX_FILTER_KEYS} paths` };
  const out: Record<string, FilterScalar | readonly FilterScalar[]> = {};
  for (const key of keys) {
    const path = parsePath(key);
    if (!path.ok) return { ok: false, problem: `filters: ${path.problem}` };
    const entry = (value as Record<string, unknown>)[key];
    if (Array.isArray(entry)) {
      if (entry.length === 0)
        return { ok: false, problem: `filters: "${clip(key)}" has an empty list, which matches nothing; leave the path out instead` };
      if (entry.length > MAX_FILTER_VALUES)
        return { ok: false, problem: `filters: "${clip(key)}" lists more than ${MAX_FILTER_VALUES} values` };
      for (const item of entry) {
        const problem = scalarProblem(item, key);
        if (problem) return { ok: false, problem };
      }
      out[key] = entry as FilterScalar[];
    } else {
      const problem = scalarProblem(entry, key);
      if (problem) return { ok: false, problem };
      out[key] = entry as FilterScalar;
    }
  }
  // fromEntries defines own properties, so no key can set a prototype.
  return { ok: true, value: Object.fromEntries(Object.entries(out)) };
}

function scalarProblem(value: unknown, key: string): string | undefined {
  if (value === null || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `filters: "${clip(key)}" has a number that is not finite`;
  if (typeof value === 'string') {
    if (value.length > MAX_FILTER_STRING) return `filters: a value of "${clip(key)}" is longer than ${MAX_FILTER_STRING} characters`;
    if (
      /[\u0000\ud800-\udfff]/.test(value) &&
      /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)
    ) {
      return `filters: a value of "${clip(key)}" contains a NUL character or an unpaired surrogate`;
    }
    return undefined;
  }
  return `filters: "${clip(key)}" must be a string, number, boolean, null or a list of those (objects are not compared)`;
}

type Test = (value: unknown) => boolean;

function compileScalar(expected: FilterScalar): Test {
  if (typeof expected === 'string' && expected.includes('*')) {
    const source = expected
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    const pattern = new RegExp(`^${source}$`, 's');
    return (value) => typeof value === 'string' && pattern.test(value);
  }
  if (expected === null) return (value) => value === null || value === undefined;
  return (value) => value === expected;
}

/** A matcher for a checked filter; `null` or `{}` matches every event. */
export function compileFilters(spec: FilterSpec | null): FilterMatcher {
  if (spec === null) return () => true;
  const tests: Array<{ segments: PathSegments; test: Test }> = [];
  for (const [key, expected] of Object.entries(spec)) {
    const path = parsePath(key);
    if (!path.ok) throw new Error(path.problem); // checked on write; a stored filter always parses
    const alternatives = (Array.isArray(expected) ? expected : [expected]).map(compileScalar);
    const test: Test = alternatives.length === 1 ? alternatives[0]! : (value) => alternatives.some((t) => t(value));
    tests.push({ segments: path.segments, test });
  }
  if (tests.length === 0) return () => true;
  return (data) => {
    for (const { segments, test } of tests) if (!test(valueAt(data, segments))) return false;
    return true;
  };
}
