import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where a bench writes its JSON: bench/results/<name>, the directory created if needed (git ignores it). */
export function resultPath(name: string): string {
  const dir = join(projectRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

/** Writes a run's results as indented JSON to bench/results/<name> and says where. */
export function writeResults(name: string, results: unknown, log: (line: string) => void): void {
  const file = resultPath(name);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`\nresults written to ${file}`);
}

/** The installed version of a package, for the results file ('unknown' when it cannot be read). */
export function packageVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(join(projectRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
