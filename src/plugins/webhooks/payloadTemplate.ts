/**
 * `customPayloadTemplate`: a JSON document that replaces the default body. Placeholders
 * `{{path}}` in its string values are replaced from the delivery envelope
 * `{id, event, timestamp, data}`; nothing else in it changes and no code runs.
 *
 * - A string that is exactly one placeholder takes the value with its JSON type:
 *   `"{{data.service}}"` becomes the service object, `"{{data.sizeBytes}}"` a number. A missing
 *   value becomes `null`.
 * - A placeholder inside a longer string is written as text: strings as they are, numbers and
 *   booleans as JSON, objects and lists as JSON text, missing and null as nothing.
 * - Object keys are literal. Paths follow jsonPath.ts and must start at `id`, `event`,
 *   `timestamp` or `data`.
 *
 * Example: `{"text": "{{data.service.name}} is {{data.status}}", "service": "{{data.service}}", "at": "{{timestamp}}"}`
 * gives `{"text":"payments-db is DOWN","service":{"id":"…","name":"payments-db","path":"…"},"at":"2026-…Z"}`.
 *
 * Checked on write (`parseTemplateText`: size, nesting, every placeholder's path); rendering
 * counts its output and stops at `MAX_RENDERED_BYTES`, since one placeholder may repeat a large value.
 */
import { clip, parsePath, valueAt, type PathSegments } from './jsonPath.js';

export const MAX_TEMPLATE_BYTES = 16 * 1024;
export const MAX_TEMPLATE_DEPTH = 16;
export const MAX_RENDERED_BYTES = 256 * 1024;
const ROOTS = new Set(['id', 'event', 'timestamp', 'data']);
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const WHOLE = /^\{\{\s*([^{}]*?)\s*\}\}$/;

/** A checked template: its parsed JSON, kept as it was written. */
export interface PayloadTemplate {
  readonly source: unknown;
}

export interface Envelope {
  readonly id: string;
  readonly event: string;
  readonly timestamp: string;
  readonly data: unknown;
}

export type Rendered = { ok: true; body: string } | { ok: false; problem: string };

export function parseTemplateText(text: string): { ok: true; value: PayloadTemplate } | { ok: false; problem: string } {
  if (Buffer.byteLength(text, 'utf8') > MAX_TEMPLATE_BYTES)
    return { ok: false, problem: `customPayloadTemplate is larger than ${MAX_TEMPLATE_BYTES} bytes` };
  let source: unknown;
  try {
    source = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `customPayloadTemplate is not valid JSON: ${(error as Error).message}` };
  }
  const problem = checkNode(source, 1);
  return problem ? { ok: false, problem: `customPayloadTemplate: ${problem}` } : { ok: true, value: { source } };
}

function checkNode(node: unknown, depth: number): string | undefined {
  if (depth > MAX_TEMPLATE_DEPTH) return `nested deeper than ${MAX_TEMPLATE_DEPTH} levels`;
  if (typeof node === 'string') return checkString(node);
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (const child of node) {
      const problem = checkNode(child, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(node)) {
    if (/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(key))
      return 'a key contains a NUL character or an unpaired surrogate';
    const problem = checkNode(child, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

function checkString(text: string): string | undefined {
  if (/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text))
    return 'a string contains a NUL character or an unpaired surrogate';
  for (const match of text.matchAll(PLACEHOLDER)) {
    const problem = placeholderProblem(match[1]!);
    if (problem) return problem;
  }
  return undefined;
}

function placeholderProblem(path: string): string | undefined {
  const parsed = parsePath(path);
  if (!parsed.ok) return `placeholder {{${clip(path)}}}: ${parsed.problem}`;
  if (!ROOTS.has(parsed.segments[0]!)) return `placeholder {{${clip(path)}}} must start with id, event, timestamp or data`;
  return undefined;
}

const segmentsCache = new Map<string, PathSegments>();
function segmentsOf(path: string): PathSegments {
  let segments = segmentsCache.get(path);
  if (segments === undefined) {
    const parsed = parsePath(path);
    if (!parsed.ok) throw new Error(parsed.problem); // checked on write
    segments = parsed.segments;
    if (segmentsCache.size < 10_000) segmentsCache.set(path, segments);
  }
  return segments;
}

class TooLarge extends Error {}

/** The body for `envelope` from a checked template, or why there is none (output over the cap). */
export function renderTemplate(template: PayloadTemplate, envelope: Envelope, maxBytes = MAX_RENDERED_BYTES): Rendered {
  let budget = maxBytes;
  const spend = (text: string) => {
    budget -= text.length; // UTF-16 units: a lower bound of the UTF-8 size, checked exactly below
    if (budget < 0) throw new TooLarge();
  };
  const build = (node: unknown): unknown => {
    if (typeof node === 'string') return buildString(node);
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(build);
    // fromEntries defines own properties, so a "__proto__" key in a template stays a plain key.
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, build(child)]));
  };
  const buildString = (text: string): unknown => {
    const whole = WHOLE.exec(text);
    if (whole) {
      const value = valueAt(envelope, segmentsOf(whole[1]!));
      const result = value === undefined ? null : value;
      spend(JSON.stringify(result) ?? 'null');
      return result;
    }
    if (!text.includes('{{')) return text;
    const out = text.replace(PLACEHOLDER, (_all, path: string) => {
      const piece = asText(valueAt(envelope, segmentsOf(path)));
      spend(piece);
      return piece;
    });
    return out;
  };
  try {
    const body = JSON.stringify(build(template.source)) ?? 'null';
    if (Buffer.byteLength(body, 'utf8') > maxBytes) throw new TooLarge();
    return { ok: true, body };
  } catch (error) {
    if (error instanceof TooLarge)
      return { ok: false, problem: `customPayloadTemplate: the rendered body is larger than ${maxBytes} bytes` };
    throw error;
  }
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The default body: the envelope itself. */
export function defaultBody(envelope: Envelope): string {
  return JSON.stringify({ id: envelope.id, event: envelope.event, timestamp: envelope.timestamp, data: envelope.data });
}
