/**
 * Dotted paths into event data (`service.path`, `data.service.name`), the one path grammar of
 * webhook filters and payload templates. Paths name own properties only: a segment is a plain
 * identifier or an array index, and `__proto__`, `prototype` and `constructor` are refused, so no
 * path can reach an object's prototype chain. Nothing here evaluates code.
 */

export const MAX_PATH_SEGMENTS = 8;
const SEGMENT = /^(?:[A-Za-z_][A-Za-z0-9_]{0,63}|0|[1-9][0-9]{0,5})$/;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

export type PathSegments = readonly string[];

/** The segments of `path`, or a message saying what is wrong with it. */
export function parsePath(path: string): { ok: true; segments: PathSegments } | { ok: false; problem: string } {
  if (path === '') return { ok: false, problem: 'a path is empty' };
  const segments = path.split('.');
  if (segments.length > MAX_PATH_SEGMENTS)
    return { ok: false, problem: `path "${clip(path)}" has more than ${MAX_PATH_SEGMENTS} segments` };
  for (const segment of segments) {
    if (FORBIDDEN.has(segment)) return { ok: false, problem: `path "${clip(path)}" uses "${segment}", which is not allowed` };
    if (!SEGMENT.test(segment)) {
      return {
        ok: false,
        problem: `path "${clip(path)}": segment "${clip(segment)}" must be a name (letters, digits, _) or an array index`,
      };
    }
  }
  return { ok: true, segments };
}

/** The value at `segments` below `root`, or `undefined` when any step is missing. Own properties only. */
export function valueAt(root: unknown, segments: PathSegments): unknown {
  let current: unknown = root;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined;
      current = current[Number(segment)];
      continue;
    }
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

export function clip(text: string, max = 64): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
