/**
 * No import cycles in src/ (issue 15, part 8). A cycle means the modules in it load in an order that
 * depends on which one something imports first: a value read at load time can be `undefined` (the
 * migrations imported migrate.ts, which imported the migrations). `import type` edges count too:
 * they cost nothing at run time, but they still bind the files into one unit that cannot be moved
 * or split alone, and changing one `import type` into a value import turns the cycle into a runtime
 * one without any warning; breaking one is cheap (the shared type moves to a file of its own).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { findCycles, importGraph, parseImports } from '../support/importGraph.js';
import { REPO_ROOT } from '../support/repoRoot.js';

const SRC = join(REPO_ROOT, 'src');

describe('import cycles', () => {
  it('src/ has none (type-only imports included)', () => {
    const cycles = findCycles(importGraph(SRC).files);
    assert.deepEqual(
      cycles.map((cycle) => cycle.join(' -> ')),
      [],
      'break each cycle by moving what both files need into a file of its own',
    );
  });

  it('every relative import in src/ leads to a file the checker knows', () => {
    const graph = importGraph(SRC);
    assert.deepEqual(graph.unresolved, []);
    assert.ok(graph.files.size > 100, `read ${graph.files.size} files`);
  });

  it('names the files of a cycle in import order, and only the files in it', () => {
    const graph = new Map([
      ['persistence/migrate.ts', ['persistence/migrations/index.ts', 'log/logger.ts']],
      ['persistence/migrations/index.ts', ['persistence/migrations/0001_initial.ts']],
      ['persistence/migrations/0001_initial.ts', ['persistence/migrate.ts']],
      ['log/logger.ts', []],
      ['self.ts', ['self.ts']],
    ]);
    assert.deepEqual(
      findCycles(graph)
        .map((cycle) => cycle.join(' -> '))
        .sort(),
      [
        'persistence/migrate.ts -> persistence/migrations/index.ts -> persistence/migrations/0001_initial.ts -> persistence/migrate.ts',
        'self.ts -> self.ts',
      ],
    );
  });

  const statements: readonly (readonly [string, string, readonly { specifier: string; typeOnly: boolean }[]])[] = [
    ['a value import', "import { a } from './a.js';", [{ specifier: './a.js', typeOnly: false }]],
    ['a type import', "import type { A } from '../a.js';", [{ specifier: '../a.js', typeOnly: true }]],
    [
      'an inline type specifier (kept as an import by verbatimModuleSyntax)',
      "import { type A } from './a.js';",
      [{ specifier: './a.js', typeOnly: false }],
    ],
    ['a side-effect import', "import './setup.js';", [{ specifier: './setup.js', typeOnly: false }]],
    ['a re-export', "export { a, b as c } from './a.js';", [{ specifier: './a.js', typeOnly: false }]],
    ['a star re-export', "export * as all from './a.js';", [{ specifier: './a.js', typeOnly: false }]],
    ['a type re-export', "export type { A } from './a.js';", [{ specifier: './a.js', typeOnly: true }]],
    ['an import over several lines', "import {\n  a,\n  b,\n} from './a.js';", [{ specifier: './a.js', typeOnly: false }]],
    ['a default and named import', 'import uWS, { type App } from "uWebSockets.js";', [{ specifier: 'uWebSockets.js', typeOnly: false }]],
    ['an import shown in a doc comment', "/**\n * import { a } from './a.js';\n */", []],
    ['a declaration that mentions from', "export const from = 'x';\nexport function f(x: string) { return x; }", []],
  ];
  for (const [what, source, expected] of statements) {
    it(`reads ${what}`, () => {
      assert.deepEqual(parseImports(source), expected);
    });
  }
});
