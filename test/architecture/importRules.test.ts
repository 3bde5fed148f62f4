/**
 * The import rules, enforced (issue 28 item 3; src/README.md "Import rules"): the tiers' arrows run
 * one way (a plugin may use the core and the platform, the core the platform, the platform neither;
 * nothing imports the entry), and every folder imports only what its README's `**May import**:` line
 * declares. Read from the real import graph of src/, type-only imports included.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDeclarations, importViolations, parseDeclaration, readDeclarations } from '../support/importRules.js';
import { REPO_ROOT } from '../support/repoRoot.js';

const SRC = join(REPO_ROOT, 'src');
const FIXTURE = join(REPO_ROOT, 'test/fixtures/importRules');

describe('import rules', () => {
  it('every folder of src/ declares what it may import, and each entry names something that exists and is allowed', () => {
    assert.deepEqual(checkDeclarations(SRC, readDeclarations(SRC)), []);
  });

  it("src/ keeps them: the tier arrows and each folder README's May import line", () => {
    assert.deepEqual(
      importViolations(SRC).map((violation) => violation.message),
      [],
    );
  });

  it('fails on the wrong imports of its fixture, naming the file, the import and the rule', () => {
    const messages = importViolations(FIXTURE)
      .map((violation) => violation.message)
      .sort();
    assert.deepEqual(messages, [
      'src/core/fleet/fleet.ts imports src/plugins/sla/arithmetic.ts: the core may not import a plugin (the arrows run plugins -> core -> platform); move the shared part down or invert it through the module contract',
      'src/platform/events/bus.ts imports src/core/domain/status.ts: the platform may not import the core (the arrows run plugins -> core -> platform); move the shared part down or invert it through the module contract',
      'src/plugins/realtime/entry.ts imports src/app.ts: nothing imports the entry (src/main.ts, src/app.ts); take what it needs as a parameter or move it into a tier',
      "src/plugins/sla/arithmetic.ts imports src/platform/log/logger.ts: plugins/sla/README.md's May import (core/domain, plugins/realtime/channels.ts) does not cover it; declare it there if it is meant, or remove the import",
    ]);
  });

  it('passes the fixture once its wrong imports are allowed', () => {
    const wrong = new Set([
      'platform/events/bus.ts -> core/domain/status.ts',
      'core/fleet/fleet.ts -> plugins/sla/arithmetic.ts',
      'plugins/realtime/entry.ts -> app.ts',
      'plugins/sla/arithmetic.ts -> platform/log/logger.ts',
    ]);
    assert.deepEqual(
      importViolations(FIXTURE).filter((violation) => !wrong.has(violation.edge)),
      [],
    );
    assert.deepEqual(checkDeclarations(FIXTURE, readDeclarations(FIXTURE)), []);
  });

  it('refuses a declaration of a tier the folder may not import, or of something that does not exist', () => {
    const declarations = new Map([
      ['platform/log', parseDeclaration('platform/log', '**May import**: core/domain')],
      ['core/fleet', parseDeclaration('core/fleet', '**May import**: core/nowhere, platform/log/logger.ts')],
    ]);
    assert.deepEqual(checkDeclarations(FIXTURE, declarations), [
      'platform/log/README.md declares core/domain, but the platform may not import the core',
      'core/fleet/README.md declares core/nowhere, which does not exist',
    ]);
  });

  const readmes: readonly (readonly [string, string, readonly string[] | RegExp])[] = [
    ['nothing', 'Intro.\n\n**May import**: nothing\n\nMore.', []],
    [
      'a tier, a folder and a file',
      '**May import**: platform/*, core/domain, plugins/license/plugins.ts',
      ['platform/*', 'core/domain', 'plugins/license/plugins.ts'],
    ],
    ['no declaration', '# a folder\n\nMay import: prose only.', /has 0 "\*\*May import\*\*:" lines/],
    ['two declarations', '**May import**: nothing\n**May import**: platform/*', /has 2 "\*\*May import\*\*:" lines/],
    ['prose in the line', '**May import**: `domain/` (types) only', /"`domain\/` \(types\) only" is not a May-import entry/],
    ['a folder without its tier', '**May import**: platform/*, domain', /"domain" is not a May-import entry/],
  ];
  for (const [what, readme, expected] of readmes) {
    it(`reads a README with ${what}`, () => {
      if (expected instanceof RegExp) assert.throws(() => parseDeclaration('core/x', readme), expected);
      else assert.deepEqual(parseDeclaration('core/x', readme).entries, expected);
    });
  }
});
