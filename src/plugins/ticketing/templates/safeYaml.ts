/**
 * YAML from people, read safely (the `yaml` package, 2.9): one document of the YAML 1.2 core
 * schema whatever `%YAML` directive it carries, nesting bounded before the parser runs
 * (yamlNesting.ts), no custom or YAML 1.1 tags (`!!binary`, `!!set`,
 * `!!js/...` stay unresolved and are refused), no merge keys, unique keys, and aliases bounded
 * twice: by count while the tree is walked (before anything is expanded) and by `maxAliasCount`
 * when it is turned into values, so an alias bomb costs a walk of its few nodes.
 *
 * Keys that could reach an object's prototype (`__proto__`, `constructor`, `prototype`) and merge
 * keys (`<<`) are refused wherever they appear. Every problem names its line and column.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { IssuePath } from '../inputIssues.js';
import { nestingProblem, type YamlProblem } from './yamlNesting.js';

/** Aliases a template may use (reusing a step or a calendar's week); a bomb needs far more. */
export const MAX_ALIASES = 20;
/** Nesting deeper than any template needs (a template nests about 8 deep); bounds the parser's and the walk's recursion. */
export const MAX_DEPTH = 64;
/** Lines and flow entries: a large catalog fits (2,000 items written out are about 20,000 lines); the parser's time grows with them. */
export const MAX_ENTRIES = 50_000;
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype', '<<']);

export type { YamlProblem };

export type YamlRead =
  | { readonly ok: true; readonly value: unknown; readonly lineOf: (path: IssuePath) => { line: number; column: number } }
  | { readonly ok: false; readonly problems: readonly YamlProblem[] };

export function readYaml(text: string): YamlRead {
  // Before the parser: it recurses (and slows) on deep nesting; see yamlNesting.ts.
  const tooDeep = nestingProblem(text, MAX_DEPTH, MAX_ENTRIES);
  if (tooDeep) return { ok: false, problems: [tooDeep] };
  const lines = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter: lines,
    version: '1.2',
    schema: 'core',
    merge: false,
    // Checked in the walk instead: the package compares every key with every other (seconds for a 1 MiB mapping).
    uniqueKeys: false,
    customTags: [],
    resolveKnownTags: false,
    strict: true,
    prettyErrors: false,
    stringKeys: true,
  });
  const at = (offset: number) => {
    const pos = lines.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  const problems: YamlProblem[] = [];
  for (const error of [...doc.errors, ...doc.warnings]) problems.push({ ...at(error.pos[0]), message: firstLine(error.message) });
  if (problems.length === 0) walk(doc.contents as Node | null, 0, { aliases: 0 }, problems, at);
  if (problems.length > 0) return { ok: false, problems: dedupe(problems) };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    return { ok: false, problems: [{ line: 1, column: 1, message: error instanceof Error ? error.message : String(error) }] };
  }
  return { ok: true, value, lineOf: (path) => lineOfPath(doc, path, at) };
}

function walk(
  node: Node | null,
  depth: number,
  count: { aliases: number },
  problems: YamlProblem[],
  at: (offset: number) => { line: number; column: number },
): void {
  if (node === null || problems.length > 0) return;
  const where = () => at(node.range?.[0] ?? 0);
  if (depth > MAX_DEPTH) {
    problems.push({ ...where(), message: `nested more than ${MAX_DEPTH} levels deep` });
    return;
  }
  if (node.tag !== undefined && !isAlias(node)) {
    problems.push({ ...where(), message: `tags are not allowed (found ${node.tag}); write plain values` });
    return;
  }
  if (isAlias(node)) {
    count.aliases += 1;
    if (count.aliases > MAX_ALIASES)
      problems.push({ ...where(), message: `more than ${MAX_ALIASES} aliases; a template needs few (an alias bomb needs many)` });
    return;
  }
  if (isMap(node)) {
    const keys = new Set<string>();
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = pair.key as Node | null;
      if (isAlias(key)) {
        problems.push({ ...at(key.range?.[0] ?? 0), message: 'an alias cannot be a key' });
        return;
      }
      if (isScalar(key) && FORBIDDEN_KEYS.has(String(key.value))) {
        const name = String(key.value);
        problems.push({
          ...at(key.range?.[0] ?? 0),
          message: name === '<<' ? 'merge keys (<<) are not allowed; write the fields out' : `the key "${name}" is not allowed`,
        });
        return;
      }
      if (isScalar(key)) {
        const name = String(key.value);
        if (keys.has(name)) {
          problems.push({ ...at(key.range?.[0] ?? 0), message: `Map keys must be unique: "${name.slice(0, 100)}" is here twice` });
          return;
        }
        keys.add(name);
      }
      walk(key, depth + 1, count, problems, at);
      walk(pair.value as Node | null, depth + 1, count, problems, at);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) walk(item as Node | null, depth + 1, count, problems, at);
  }
}

/** The line of the deepest node on `path` that exists (a missing field points at its parent). */
function lineOfPath(
  doc: Document,
  path: IssuePath,
  at: (offset: number) => { line: number; column: number },
): { line: number; column: number } {
  for (let length = path.length; length >= 0; length--) {
    const node = length === 0 ? doc.contents : doc.getIn(path.slice(0, length), true);
    const range = (node as Node | null | undefined)?.range;
    if (range) return at(range[0]);
  }
  return { line: 1, column: 1 };
}

const firstLine = (message: string) => message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');

function dedupe(problems: YamlProblem[]): YamlProblem[] {
  const seen = new Set<string>();
  return problems
    .filter((p) => {
      const key = `${p.line}:${p.column}:${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, 20);
}
