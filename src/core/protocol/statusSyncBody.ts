/**
 * A status sync read from its bytes against the same node's previous sync. An agent sends its whole
 * node every 30 s and almost every entry is byte for byte what it sent last time; such an entry is
 * found by comparing its bytes with the previous body's entry at the same index (memcmp) and is not
 * parsed at all: the caller (core/ingest/statusSync.ts) skips it when its service has not changed
 * since, and parses it (`repeatedEntry`) when it has. The other entries are parsed one by one, the
 * head (every field but `services`) as one small object, with the same checks and warnings as
 * `parseStatusSync` of the whole body.
 *
 * Returns undefined when the body is not the plain shape this reads (not UTF-8, not an object, a
 * duplicate or non-array `services`, bytes that do not scan): the caller then parses the whole body
 * the ordinary way, which refuses what is wrong with the usual message.
 */
import { isUtf8 } from 'node:buffer';
import { JSON_BYTES, skipSpace, stringEnd, valueEnd } from './jsonScan.js';
import {
  parseStatusSyncHead,
  readSyncEntry,
  type PreviousSyncBody,
  type StatusSync,
  type SyncBodyElements,
  type SyncEntry,
} from './machineBodies.js';

export type { PreviousSyncBody, SyncBodyElements } from './machineBodies.js';
import type { Parsed } from './bodyFields.js';
import { nodePath, Warnings, type Json } from './fields.js';

const { QUOTE, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, COMMA, COLON } = JSON_BYTES;

export function readStatusSyncBody(
  body: Buffer,
  previousOf: (nodePath: string) => PreviousSyncBody | undefined,
): Parsed<StatusSync> | undefined {
  if (body.length === 0 || !isUtf8(body)) return undefined;
  const head = splitHead(body, previousOf);
  if (head === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(head.text);
  } catch {
    return undefined;
  }
  const walk = head.services;
  if (typeof value !== 'object' || value === null) return undefined;
  let unreadable = false;
  try {
    const parsed = parseStatusSyncHead(value as Json, (nodePath, warnings) => {
      if (walk === undefined) return { services: [], rejected: 0 };
      // The walk compared with the previous body of the node named before `services`; another node's is no match.
      const previous = walk.previous !== undefined && previousOf(nodePath) === walk.previous ? walk.previous : undefined;
      const read = readElements(body, walk, previous, warnings);
      if (read === undefined) unreadable = true;
      return read ?? { services: [], rejected: 0 };
    });
    return unreadable ? undefined : parsed;
  } catch {
    // A refused body: the ordinary path refuses it with the message it always gave.
    return undefined;
  }
}

/** An entry whose bytes repeat a previous body's entry: read now (it read without a warning then, so it does now). */
export function repeatedEntry(elements: SyncBodyElements, i: number): SyncEntry {
  const raw: unknown = JSON.parse(elements.body.toString('utf8', elements.starts[i]!, elements.ends[i]!));
  const entry = readSyncEntry(raw, i, new Warnings());
  if (entry === null) throw new Error(`services[${i}] repeats an entry that was read before, yet it is refused now`);
  return entry;
}

/** The `services` array's entries: where each lies, and whether its bytes are `previous`'s entry at its index. */
interface Walk {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly repeated: Uint8Array;
  readonly previous: PreviousSyncBody | undefined;
}

interface Head {
  /** The body's object without its `services` member, as JSON text. */
  readonly text: string;
  readonly services: Walk | undefined;
}

function splitHead(b: Buffer, previousOf: (nodePath: string) => PreviousSyncBody | undefined): Head | undefined {
  let i = skipSpace(b, 0);
  if (b[i] !== OPEN_BRACE) return undefined;
  i = skipSpace(b, i + 1);
  const members: string[] = [];
  let services: Walk | undefined;
  let nodeId: unknown;
  if (b[i] === CLOSE_BRACE) i += 1;
  else {
    for (;;) {
      if (b[i] !== QUOTE) return undefined;
      const keyEnd = stringEnd(b, i);
      if (keyEnd < 0) return undefined;
      const keyStart = i;
      i = skipSpace(b, keyEnd);
      if (b[i] !== COLON) return undefined;
      const valueStart = skipSpace(b, i + 1);
      let end: number;
      const key = keyEnd - keyStart <= 12 ? b.toString('latin1', keyStart, keyEnd) : '';
      // `"services"` exactly (an escaped spelling of the same key takes the ordinary path).
      if (key === '"services"') {
        if (services !== undefined || b[valueStart] !== OPEN_BRACKET) return undefined;
        const walked = walkElements(b, valueStart, previousFor(nodeId, previousOf));
        if (walked === undefined) return undefined;
        ({ walk: services, end } = walked);
      } else {
        end = valueEnd(b, valueStart);
        if (end < 0) return undefined;
        if (key === '"nodeId"') nodeId = parseOrUndefined(b.toString('utf8', valueStart, end));
        members.push(b.toString('utf8', keyStart, end));
      }
      i = skipSpace(b, end);
      if (b[i] === COMMA) {
        i = skipSpace(b, i + 1);
        continue;
      }
      if (b[i] !== CLOSE_BRACE) return undefined;
      i += 1;
      break;
    }
  }
  if (skipSpace(b, i) !== b.length) return undefined;
  return { text: `{${members.join(',')}}`, services };
}

/** The previous body of the node named by a `nodeId` read before `services` (a sender's usual order). */
function previousFor(nodeId: unknown, previousOf: (nodePath: string) => PreviousSyncBody | undefined): PreviousSyncBody | undefined {
  if (nodeId === undefined || nodeId === null) return undefined;
  try {
    return previousOf(nodePath(nodeId, 'nodeId', new Warnings()));
  } catch {
    return undefined;
  }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** From the `[` at `start`: each entry compared with `previous`'s at its index (memcmp), else scanned to its end. */
function walkElements(b: Buffer, start: number, previous: PreviousSyncBody | undefined): { walk: Walk; end: number } | undefined {
  const starts: number[] = [];
  const ends: number[] = [];
  const repeated: number[] = [];
  const n = b.length;
  let i = skipSpace(b, start + 1);
  if (b[i] !== CLOSE_BRACKET) {
    for (let index = 0; ; index += 1) {
      let end = -1;
      if (previous !== undefined && index < previous.starts.length) {
        const from = previous.starts[index]!;
        const length = previous.ends[index]! - from;
        if (i + length <= n && b.compare(previous.body, from, from + length, i, i + length) === 0) end = i + length;
      }
      repeated.push(end < 0 ? 0 : 1);
      if (end < 0) end = valueEnd(b, i);
      if (end < 0) return undefined;
      starts.push(i);
      ends.push(end);
      i = skipSpace(b, end);
      if (b[i] === CLOSE_BRACKET) break;
      if (b[i] !== COMMA) return undefined;
      i = skipSpace(b, i + 1);
    }
  }
  const walk = { starts: Int32Array.from(starts), ends: Int32Array.from(ends), repeated: Uint8Array.from(repeated), previous };
  return { walk, end: i + 1 };
}

/** The entries read in order (warnings as `parseStatusSync` gives them); the repeated ones left unparsed. */
function readElements(
  b: Buffer,
  walk: Walk,
  previous: PreviousSyncBody | undefined,
  warnings: Warnings,
): Pick<StatusSync, 'services' | 'rejected' | 'elements'> | undefined {
  const count = walk.starts.length;
  const entries: Array<SyncEntry | null | undefined> = new Array(count);
  const clean = new Uint8Array(count);
  const services: SyncEntry[] = [];
  let rejected = 0;
  for (let index = 0; index < count; index += 1) {
    if (previous !== undefined && walk.repeated[index] === 1 && previous.clean[index] === 1) {
      entries[index] = undefined;
      clean[index] = 1;
      continue;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(b.toString('utf8', walk.starts[index]!, walk.ends[index]!));
    } catch {
      return undefined;
    }
    const given = warnings.given;
    const entry = readSyncEntry(raw, index, warnings);
    entries[index] = entry;
    if (entry === null) rejected += 1;
    else {
      services.push(entry);
      if (warnings.given === given) clean[index] = 1;
    }
  }
  return { services, rejected, elements: { body: b, starts: walk.starts, ends: walk.ends, entries, clean, previous } };
}
