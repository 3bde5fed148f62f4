/**
 * The import rules of src/ (src/README.md "Import rules"), checked against the import graph of
 * ./importGraph.ts (the one reader of imports; type-only imports count): the tier arrows, and each
 * folder's `**May import**:` declaration in its README. For test/architecture/importRules.test.ts.
 *
 * A folder is `<tier>/<name>` (its subfolders are part of it); a file directly in a tier folder
 * (`core/coreModule.ts`) obeys the tier arrows only; a file directly in the root is the entry.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { importGraph } from './importGraph.js';

/** Lowest first: a tier may import its own and the ones before it, never one after it. */
export const TIERS = ['platform', 'core', 'plugins'] as const;
export type Tier = (typeof TIERS)[number];

const TIER_NAMES: Readonly<Record<Tier, string>> = { platform: 'the platform', core: 'the core', plugins: 'a plugin' };

/** What one folder's README declares: `nothing`, or entries `tier/*`, `tier/folder`, `tier/folder/path/file.ts`. */
export interface Declaration {
  readonly folder: string;
  readonly entries: readonly string[];
}

/** One broken rule, readable on its own. */
export interface Violation {
  /** `file -> import`, both relative to the root. */
  readonly edge: string;
  readonly message: string;
}

const DECLARATION = /^\*\*May import\*\*: (.*)$/gm;
const ENTRY = /^(platform|core|plugins)\/(\*|[A-Za-z0-9]+|[A-Za-z0-9/]+\.ts)$/;

/** Parses a README's declaration line; throws a readable error for none, two, or a malformed one. */
export function parseDeclaration(folder: string, readme: string): Declaration {
  const lines = [...readme.matchAll(DECLARATION)];
  if (lines.length !== 1)
    throw new Error(
      `${folder}/README.md has ${lines.length} "**May import**:" lines; it needs exactly one (grammar: src/README.md "Import rules")`,
    );
  const text = lines[0]![1]!.trim();
  if (text === 'nothing') return { folder, entries: [] };
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!ENTRY.test(entry))
      throw new Error(
        `${folder}/README.md: "${entry}" is not a May-import entry; write tier/*, tier/folder or tier/folder/file.ts, comma-separated, or the word nothing`,
      );
  }
  return { folder, entries };
}

/** `tier/name` of a path relative to the root; `tier` for a file directly in a tier folder; null for the entry. */
export function folderOf(path: string): string | null {
  const parts = path.split('/');
  if (parts.length === 1) return null;
  if (parts.length === 2) return parts[0]!;
  return `${parts[0]}/${parts[1]}`;
}

function tierOf(path: string): Tier | null {
  const tier = path.split('/')[0];
  return (TIERS as readonly string[]).includes(tier!) ? (tier as Tier) : null;
}

/** The folders of every tier under `root`. */
export function foldersUnder(root: string): string[] {
  return TIERS.flatMap((tier) =>
    existsSync(join(root, tier))
      ? readdirSync(join(root, tier))
          .filter((name) => statSync(join(root, tier, name)).isDirectory())
          .map((name) => `${tier}/${name}`)
      : [],
  ).sort();
}

/** Every folder's declaration, read from its README. */
export function readDeclarations(root: string): Map<string, Declaration> {
  const declarations = new Map<string, Declaration>();
  for (const folder of foldersUnder(root))
    declarations.set(folder, parseDeclaration(folder, readFileSync(join(root, folder, 'README.md'), 'utf8')));
  return declarations;
}

function allows(entries: readonly string[], target: string): boolean {
  return entries.some((entry) => {
    if (entry.endsWith('/*')) return target.startsWith(entry.slice(0, -1));
    if (entry.endsWith('.ts')) return target === entry;
    return target.startsWith(`${entry}/`);
  });
}

/** Problems with the declarations themselves: an entry naming nothing, or a tier the folder may never import. */
export function checkDeclarations(root: string, declarations: ReadonlyMap<string, Declaration>): string[] {
  const problems: string[] = [];
  for (const { folder, entries } of declarations.values()) {
    const own = TIERS.indexOf(tierOf(folder)!);
    for (const entry of entries) {
      const tier = tierOf(entry)!;
      if (TIERS.indexOf(tier) > own)
        problems.push(`${folder}/README.md declares ${entry}, but ${TIER_NAMES[tierOf(folder)!]} may not import ${TIER_NAMES[tier]}`);
      const path = entry.endsWith('/*') ? entry.slice(0, -2) : entry;
      if (!existsSync(join(root, path))) problems.push(`${folder}/README.md declares ${entry}, which does not exist`);
    }
  }
  return problems;
}

/** Every import of a file under `root` that breaks a tier arrow or its folder's declaration. */
export function importViolations(root: string, declarations: ReadonlyMap<string, Declaration> = readDeclarations(root)): Violation[] {
  const violations: Violation[] = [];
  for (const [file, targets] of importGraph(root).files) {
    const folder = folderOf(file);
    if (folder === null) continue; // the entry wires everything
    const tier = tierOf(file)!;
    for (const target of new Set(targets)) {
      const targetFolder = folderOf(target);
      if (targetFolder === folder) continue;
      const edge = `${file} -> ${target}`;
      const targetTier = tierOf(target);
      if (targetTier === null) {
        violations.push({
          edge,
          message: `src/${file} imports src/${target}: nothing imports the entry (src/main.ts, src/app.ts); take what it needs as a parameter or move it into a tier`,
        });
      } else if (TIERS.indexOf(targetTier) > TIERS.indexOf(tier)) {
        violations.push({
          edge,
          message: `src/${file} imports src/${target}: ${TIER_NAMES[tier]} may not import ${TIER_NAMES[targetTier]} (the arrows run plugins -> core -> platform); move the shared part down or invert it through the module contract`,
        });
      } else {
        const declaration = declarations.get(folder);
        if (declaration !== undefined && !allows(declaration.entries, target)) {
          const declared = declaration.entries.length === 0 ? 'nothing' : declaration.entries.join(', ');
          violations.push({
            edge,
            message: `src/${file} imports src/${target}: ${folder}/README.md's May import (${declared}) does not cover it; declare it there if it is meant, or remove the import`,
          });
        }
      }
    }
  }
  return violations;
}
