/**
 * src/plugins/sla/arithmetic/ is the SLA arithmetic that the main thread, the worker tasks and the dashboard
 * all run, tested against hand-computed tables: it stays pure only if nothing there imports beyond itself
 * and the domain's values, or reads a clock. Its README says so; this holds it to that.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../support/repoRoot.js';

const SRC = join(REPO_ROOT, 'src');
const ARITHMETIC = join(SRC, 'plugins/sla/arithmetic');
const DOMAIN = join(SRC, 'core/domain');

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });

/** What a file imports that the folder's rule does not allow, as readable lines. */
function impureImports(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^(?:import|export)\b[^';]*?\bfrom\s+|^import\s+|\bimport\(\s*)'([^']+)'/gm)) {
    const specifier = match[1]!;
    const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : null;
    const allowed = target !== null && [ARITHMETIC, DOMAIN].some((folder) => target.startsWith(`${folder}/`));
    if (!allowed) found.push(`${relative(SRC, file)} imports '${specifier}': the arithmetic imports only itself and src/core/domain/`);
  }
  for (const clock of text.matchAll(/\b(Date\.now|performance\.now|setTimeout|setInterval|setImmediate|queueMicrotask)\b|new Date\(\)/g)) {
    found.push(`${relative(SRC, file)} uses ${clock[0]}: the arithmetic takes 'now' as an argument and schedules nothing`);
  }
  return found;
}

describe('the SLA arithmetic folder', () => {
  it('imports only itself and the domain, and reads no clock', () => {
    const files = sourceFiles(ARITHMETIC);
    assert.ok(files.length > 10, 'the arithmetic is where its README says');
    assert.deepEqual(
      files.flatMap((file) => impureImports(file, readFileSync(file, 'utf8'))),
      [],
    );
  });

  it('names the file and the rule when one breaks it', () => {
    const file = join(ARITHMETIC, 'example.ts');
    const text =
      "import type { Knex } from 'knex';\nimport { judgePeriod } from '../../../core/domain/periodArithmetic.js';\nconst now = Date.now();\n";
    assert.deepEqual(impureImports(file, text), [
      "plugins/sla/arithmetic/example.ts imports 'knex': the arithmetic imports only itself and src/core/domain/",
      "plugins/sla/arithmetic/example.ts uses Date.now: the arithmetic takes 'now' as an argument and schedules nothing",
    ]);
  });
});
