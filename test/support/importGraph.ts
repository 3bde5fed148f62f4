/**
 * The graph of relative imports between the TypeScript files of a folder, and its cycles, for
 * test/architecture/importCycles.test.ts.
 *
 * Counted: every `import ... from`, `import '...'` and `export ... from` whose specifier is relative,
 * `import type` and `export type` included (see the test for why). Not counted: `import('...')`
 * expressions (loaded later, at run time; src has none with a literal path) and packages.
 * Statements are read where the formatter writes them, at the start of a line, so a doc comment
 * that shows an import (` * import ...`) is not one; a statement may span lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';

export interface ImportEdge {
  /** The specifier as written. */
  readonly specifier: string;
  readonly typeOnly: boolean;
}

/** Files by path relative to the root (with `/`), and where each one's relative imports lead. */
export interface ImportGraph {
  readonly files: ReadonlyMap<string, readonly string[]>;
  /** Relative specifiers that lead to no file under the root, as `file: specifier`. */
  readonly unresolved: readonly string[];
}

const STATEMENT = /^(?:import|export)(\s+type)?\b[^;=()]*?\bfrom\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]/gm;

export function parseImports(source: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const match of source.matchAll(STATEMENT)) {
    const specifier = match[2] ?? match[3];
    if (specifier !== undefined) edges.push({ specifier, typeOnly: match[1] !== undefined });
  }
  return edges;
}

export function importGraph(root: string): ImportGraph {
  const files = new Map<string, string[]>();
  const unresolved: string[] = [];
  const paths = typeScriptFiles(root);
  const known = new Set(paths);
  for (const path of paths) {
    const targets: string[] = [];
    for (const { specifier } of parseImports(readFileSync(join(root, path), 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveSpecifier(root, path, specifier, known);
      if (target === undefined) unresolved.push(`${path}: ${specifier}`);
      else targets.push(target);
    }
    files.set(path, targets);
  }
  return { files, unresolved };
}

/**
 * One cycle per group of files that import each other (a strongly connected component), each as
 * the files in import order with the first repeated at the end: `a.ts -> b.ts -> a.ts`.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  return stronglyConnected(graph)
    .filter((group) => group.length > 1 || (graph.get(group[0]!) ?? []).includes(group[0]!))
    .map((group) => cycleThrough(graph, new Set(group), [...group].sort()[0]!));
}

/** Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack. */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = graph.get(frame.node) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++]!;
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group);
      }
    }
  }
  return groups;
}

/** The shortest way from `start` back to itself inside `group` (breadth first). */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, group: ReadonlySet<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== start && at !== undefined; at = cameFrom.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

function typeScriptFiles(root: string, dir = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) files.push(...typeScriptFiles(root, path));
    else if (entry.isFile() && entry.name.endsWith('.ts')) files.push(path);
  }
  return files.sort();
}

/** `./x.js` is `./x.ts` on disk (NodeNext); a directory means its index.ts. */
function resolveSpecifier(root: string, from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const absolute = resolve(root, dirname(from), specifier);
  const path = relative(root, absolute).split(sep).join(posix.sep);
  return [path.replace(/\.js$/, '.ts'), path, `${path}.ts`, `${path}/index.ts`].find((candidate) => known.has(candidate));
}
