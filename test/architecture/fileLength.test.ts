/**
 * No god files (docs/adr/0088-file-length-limit.md): a source file of the server or the console holds one concept,
 * and one concept fits in about 400 lines. Past that a file has usually grown a second concept that deserves
 * a name of its own, and a newcomer guessing where a feature lives finds a file that holds three. The limit
 * enforced is 450 lines, so a file a little over 400 is a warning to split at the next change, not a
 * broken build; generated files (the console's GraphQL types) are not written by hand and are left out.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../support/repoRoot.js';

const MAX_LINES = 450;

/** Trees written by hand, and what inside them is generated. */
const TREES = ['src', 'web/src'];
const GENERATED = ['web/src/gql/'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

const lineCount = (text: string): number => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

describe('file length', () => {
  it(`no hand-written file of src/ or web/src/ passes ${MAX_LINES} lines`, () => {
    const files = TREES.flatMap((tree) => sourceFiles(join(REPO_ROOT, tree)))
      .map((path) => relative(REPO_ROOT, path))
      .filter((file) => !GENERATED.some((prefix) => file.startsWith(prefix)));
    assert.ok(files.length > 300, `read ${files.length} files`);
    const long = files
      .map((file) => ({ file, lines: lineCount(readFileSync(join(REPO_ROOT, file), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    assert.deepEqual(long, [], 'split each along its concepts into modules of their own (one concept each, about 400 lines at most)');
  });

  it('counts lines as an editor shows them', () => {
    const cases: Array<[string, number]> = [
      ['', 0],
      ['one\n', 1],
      ['one', 1],
      ['one\ntwo\n', 2],
      ['one\n\nthree', 3],
    ];
    for (const [text, lines] of cases) assert.equal(lineCount(text), lines, JSON.stringify(text));
  });
});
