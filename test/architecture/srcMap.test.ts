/**
 * src/README.md is the map of the tree: a newcomer finds any folder's tier and purpose there, so the map
 * must list every folder that exists and nothing that does not.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../support/repoRoot.js';

const SRC = join(REPO_ROOT, 'src');
const TIERS = ['platform', 'core', 'plugins'];

const foldersOnDisk = (): string[] =>
  TIERS.flatMap((tier) =>
    readdirSync(join(SRC, tier))
      .filter((name) => statSync(join(SRC, tier, name)).isDirectory())
      .map((name) => `${tier}/${name}`),
  ).sort();

/** The map's rows: `| tier | \`tier/folder/\` | what it is |`. */
const foldersInMap = (): string[] =>
  [...readFileSync(join(SRC, 'README.md'), 'utf8').matchAll(/^\| (\w+) \| `([\w/]+)\/` \| .+ \|$/gm)]
    .map((row) => {
      assert.ok(row[2]!.startsWith(`${row[1]}/`), `src/README.md lists ${row[2]} under tier ${row[1]}`);
      return row[2]!;
    })
    .sort();

describe('the source tree', () => {
  it('holds the three tiers and the entry, nothing else, at its top', () => {
    const top = readdirSync(SRC).sort();
    assert.deepEqual(top, ['README.md', 'app.ts', 'core', 'gracefulStop.ts', 'main.ts', 'platform', 'plugins', 'productWorker.ts']);
  });

  it('lists in src/README.md every folder of every tier', () => {
    const listed = new Set(foldersInMap());
    const missing = foldersOnDisk().filter((folder) => !listed.has(folder));
    assert.deepEqual(missing, [], `add a row for each to src/README.md: | tier | \`tier/folder/\` | what it is |`);
  });

  it('lists in src/README.md no folder that does not exist', () => {
    const onDisk = new Set(foldersOnDisk());
    const stale = foldersInMap().filter((folder) => !onDisk.has(folder));
    assert.deepEqual(stale, [], 'remove these rows from src/README.md, or create the folders');
  });

  it('gives every folder of every tier a README', () => {
    const without = foldersOnDisk().filter((folder) => {
      try {
        return !statSync(join(SRC, folder, 'README.md')).isFile();
      } catch {
        return true;
      }
    });
    assert.deepEqual(without, [], 'each folder says what it holds, its concurrency model, invariants and imports in a README.md');
  });
});
