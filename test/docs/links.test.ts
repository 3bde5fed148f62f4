/**
 * The documentation holds together (docs/adr/0001-record-architecture-decisions.md): every relative link in
 * README.md, CHANGELOG.md and docs/ reaches a file of this repository (and a heading, when it names one),
 * nothing links outside the repository, the README stays a front door, the decisions are ADRs with an index
 * that lists each of them, and folder READMEs point at nothing a clone does not have.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../support/repoRoot.js';

const root = REPO_ROOT;

/** Markdown files under `dir` (relative to the root), depth first, sorted. */
function markdownUnder(dir: string, skip: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !skip.has(entry.name)) found.push(...markdownUnder(path, skip));
    else if (entry.isFile() && entry.name.endsWith('.md')) found.push(path);
  }
  return found;
}

/** The text with fenced code blocks and inline code spans blanked, so example text is not read as links. */
function withoutCode(text: string): string {
  return text.replace(/^(```|~~~)[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every link target of a Markdown text: inline links and images, and reference definitions. */
function linkTargets(text: string): string[] {
  const prose = withoutCode(text);
  const targets: string[] = [];
  for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  for (const match of prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) targets.push(match[1]!);
  return targets;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = withoutCode(readFileSync(file, 'utf8')).match(/^#{1,6} .*$/gm) ?? [];
  return new Set(headings.map((h) => anchorOf(h.replace(/^#+ /, ''))));
}

const isUrl = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with one link of `file` (a path relative to the root), or null when it resolves. */
function problemOf(file: string, target: string): string | null {
  if (isUrl(target)) return null;
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const decoded = decodeURIComponent(pathPart);
  const absolute =
    decoded === '' ? join(root, file) : decoded.startsWith('/') ? join(root, decoded) : resolve(root, dirname(file), decoded);
  const inside = relative(root, absolute);
  if (inside.startsWith('..') || inside.startsWith(sep) || /(^|\/)shared\/|SPEC\.md|DESIGN\.md/.test(decoded)) {
    return `${file}: "${target}" points outside the repository`;
  }
  if (!existsSync(absolute)) return `${file}: "${target}" names no file (${inside})`;
  if (
    anchor !== undefined &&
    anchor !== '' &&
    statSync(absolute).isFile() &&
    absolute.endsWith('.md') &&
    !anchorsOf(absolute).has(anchor)
  ) {
    return `${file}: "${target}" names no heading "${anchor}" in ${inside}`;
  }
  return null;
}

const documents = ['README.md', 'CHANGELOG.md', ...markdownUnder('docs')];

describe('documentation links', () => {
  it('reads the README, the changelog and every page under docs/', () => {
    assert.ok(documents.includes(join('docs', 'adr', 'README.md')));
    assert.ok(documents.some((d) => d.startsWith(join('docs', 'api'))));
  });

  it('finds links the way a reader sees them, not inside code', () => {
    const text = '[a](a.md) ![b](img/b.png) `[c](c.md)`\n```\n[d](d.md)\n```\n[e]: ./e.md\n[f](https://x.test/f)';
    assert.deepEqual(linkTargets(text), ['a.md', 'img/b.png', 'https://x.test/f', './e.md']);
  });

  it('refuses a link that leaves the repository or names nothing', () => {
    assert.match(problemOf('README.md', '../shared/SPEC.md') ?? '', /outside the repository/);
    assert.match(problemOf('docs/api/graphql.md', '../../../DESIGN.md') ?? '', /outside the repository/);
    assert.match(problemOf('README.md', 'docs/no-such-page.md') ?? '', /names no file/);
    assert.match(problemOf('docs/console.md', 'development.md#no-such-heading') ?? '', /names no heading/);
    assert.equal(problemOf('README.md', 'docs/adr/README.md'), null);
  });

  it('every relative link resolves inside the repository', () => {
    const problems = documents.flatMap((file) =>
      linkTargets(readFileSync(join(root, file), 'utf8')).flatMap((target) => problemOf(file, target) ?? []),
    );
    assert.deepEqual(problems, []);
  });

  it('no page mentions the product documents a clone does not have', () => {
    const mentions = documents.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\.\.\/shared\/|\b(SPEC|DESIGN|STYLE|STACK)\.md\b/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    assert.deepEqual(mentions, []);
  });
});

describe('the README is a front door', () => {
  it('is under 250 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n').length;
    assert.ok(lines < 250, `README.md has ${lines} lines; move reference material to docs/`);
  });

  it('starts with the two commands', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    assert.match(readme, /npm ci && npm start/);
    assert.match(readme, /npm ci && npm test/);
  });
});

describe('architecture decision records', () => {
  const adrDir = join('docs', 'adr');
  const records = readdirSync(join(root, adrDir))
    .filter((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name))
    .sort();

  it('replace docs/decisions.md', () => {
    assert.equal(existsSync(join(root, 'docs', 'decisions.md')), false);
    assert.ok(records.length > 0);
  });

  it('every file in docs/adr is a numbered record or the index', () => {
    const others = readdirSync(join(root, adrDir)).filter((name) => name !== 'README.md' && !records.includes(name));
    assert.deepEqual(others, []);
  });

  it('numbers are unique and have no gaps', () => {
    assert.deepEqual(
      records.map((name) => Number(name.slice(0, 4))),
      records.map((_, i) => i + 1),
    );
  });

  it('the index lists every record, and only records that exist', () => {
    const indexed = linkTargets(readFileSync(join(root, adrDir, 'README.md'), 'utf8')).filter((t) => /^\d{4}-/.test(t));
    assert.deepEqual([...new Set(indexed)].sort(), records);
  });

  it('each record has its number as title, a status, context, decision and consequences', () => {
    const problems = records.flatMap((name) => {
      const text = readFileSync(join(root, adrDir, name), 'utf8');
      const missing = [
        text.startsWith(`# ${name.slice(0, 4)}. `) ? null : 'a title "# NNNN. ..."',
        /^- Status: (Accepted|Proposed|Deprecated|Superseded by \[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\))/m.test(text) ? null : 'a status',
        /^## Context$/m.test(text) ? null : '## Context',
        /^## Decision$/m.test(text) ? null : '## Decision',
        /^## Consequences$/m.test(text) ? null : '## Consequences',
      ].filter((m) => m !== null);
      return missing.length === 0 ? [] : [`${name}: missing ${missing.join(', ')}`];
    });
    assert.deepEqual(problems, []);
  });

  it('a superseded record links the record that replaced it, and that one says so', () => {
    const problems = records.flatMap((name) => {
      const superseder = /^- Status: Superseded by \[\d{4}\]\((\d{4}-[a-z0-9-]+\.md)\)/m.exec(
        readFileSync(join(root, adrDir, name), 'utf8'),
      )?.[1];
      if (superseder === undefined) return [];
      if (!records.includes(superseder)) return [`${name}: superseded by ${superseder}, which does not exist`];
      const later = readFileSync(join(root, adrDir, superseder), 'utf8');
      return later.includes(`(${name})`) ? [] : [`${superseder} does not link ${name}, which it supersedes`];
    });
    assert.deepEqual(problems, []);
  });
});

describe('folder READMEs', () => {
  const folderReadmes = ['src', 'web', 'bench', 'test', 'scripts']
    .filter((dir) => existsSync(join(root, dir)))
    .flatMap((dir) => markdownUnder(dir, new Set(['node_modules', 'dist', 'build'])))
    .filter((file) => file.endsWith(`${sep}README.md`));

  it('link nothing outside the repository', () => {
    const problems = folderReadmes.flatMap((file) =>
      linkTargets(readFileSync(join(root, file), 'utf8')).flatMap((target) => {
        const problem = problemOf(file, target);
        return problem?.includes('outside the repository') ? [problem] : [];
      }),
    );
    assert.deepEqual(problems, []);
  });

  it('mention no product document a clone does not have', () => {
    const mentions = folderReadmes.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\.\.\/shared\/|\b(SPEC|DESIGN|STYLE|STACK)\.md\b/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    assert.deepEqual(mentions, []);
  });
});
