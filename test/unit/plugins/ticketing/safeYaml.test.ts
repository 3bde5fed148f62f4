/**
 * YAML from people (src/plugins/ticketing/templates/safeYaml.ts, yamlNesting.ts): what is refused before
 * the parser runs (nesting, size), what the parser and the walk refuse, and what passes: block
 * scalars and brackets inside text are not mistaken for nesting.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_DEPTH, MAX_ENTRIES, readYaml } from '../../../../src/plugins/ticketing/templates/safeYaml.js';

const nested = (n: number) => `a: ${'['.repeat(n)}${']'.repeat(n)}\n`;
const indented = (n: number) => `${Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} 1\n`;

function problem(text: string): { line: number; message: string } {
  const read = readYaml(text);
  assert.equal(read.ok, false, 'expected a refusal');
  return read.ok ? { line: 0, message: '' } : read.problems[0]!;
}

describe('safe YAML', () => {
  it(`nesting up to ${MAX_DEPTH} levels is read; one more is refused before the parser runs, at its line`, () => {
    assert.ok(readYaml(nested(MAX_DEPTH - 2)).ok);
    assert.match(problem(nested(MAX_DEPTH + 1)).message, /nests deeper than 64 levels/);
    assert.ok(readYaml(indented(MAX_DEPTH - 1)).ok);
    assert.deepEqual(problem(indented(MAX_DEPTH + 1)).line, MAX_DEPTH + 1);
    assert.match(problem(`${'- '.repeat(MAX_DEPTH + 1)}a\n`).message, /nests deeper than 64/);
  });

  it('balanced brackets in plain text, comments, quotes and block scalars cost nothing', () => {
    const text = [
      'a: see [1] and {2}',
      `b: "${'['.repeat(40)}${']'.repeat(40)}"`,
      `c: '${'{'.repeat(40)}${'}'.repeat(40)}'`,
      `# ${'['.repeat(40)}${']'.repeat(40)}`,
      'd: |',
      '  {"json": [1, {"b": [2]}]}',
      ...Array.from({ length: 200 }, (_, i) => `e${i}: "[x]"`),
      'e: 1',
    ].join('\n');
    const read = readYaml(text);
    assert.ok(read.ok, JSON.stringify(!read.ok && read.problems));
    assert.equal((read.value as any).e, 1);
    assert.equal((read.value as any).d, '{"json": [1, {"b": [2]}]}\n');
  });

  it('the count is never steered: brackets after a quote the parser does not see as one still count', () => {
    // `'` at the start of a plain scalar's continuation line opens no quote for the parser.
    assert.match(problem(`a: x\n  'then\nb: ${'{a: '.repeat(100)}`).message, /nests deeper than 64 levels/);
    assert.match(problem(`a: &x ${'[&y '.repeat(100)}`).message, /nests deeper than 64 levels/);
  });

  it(`more than ${MAX_ENTRIES} lines and flow entries are refused before the parser runs`, () => {
    assert.match(problem('- a\n'.repeat(MAX_ENTRIES + 1)).message, /more than 50000 lines and flow entries/);
    assert.match(problem(`a: [${'1,'.repeat(MAX_ENTRIES)}1]`).message, /more than 50000/);
  });

  it('a key twice in one mapping is refused at its second line (checked in one pass, not pairwise)', () => {
    assert.deepEqual(problem('a: 1\nb:\n  c: 1\n  c: 2\n'), { line: 4, column: 3, message: 'Map keys must be unique: "c" is here twice' });
    assert.ok(readYaml('a: { c: 1 }\nb: { c: 1 }\n').ok, 'the same key in two mappings is fine');
  });

  it("the line of a path is its value's; a missing field points at its mapping", () => {
    const read = readYaml('workflows:\n  - name: A\n    states:\n      - { name: S, category: NEW }\n');
    assert.ok(read.ok);
    assert.equal(read.lineOf(['workflows', 0, 'states', 0, 'category']).line, 4);
    assert.equal(read.lineOf(['workflows', 0, 'initialState']).line, 2);
    assert.equal(read.lineOf([]).line, 1);
  });
});
