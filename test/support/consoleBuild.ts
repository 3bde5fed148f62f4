/**
 * The console built once for the tests: `vite build` (the same command `npm run build:web` runs,
 * with its compressed forms) into a directory in the temp dir named by a hash of what the build
 * reads (web/ without web/dist, the lockfile, the compression step). A second test process, or a
 * later run with the same sources, reuses it; a build is published by renaming, so a reader sees
 * none or a whole one.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './repoRoot.js';

const WEB = join(REPO_ROOT, 'web');
const SKIPPED = new Set(['dist', 'node_modules']);

/** What the build reads: every file under web/ (not its outputs), the lockfile, the compression step. */
function consoleSourceHash(): string {
  const hash = createHash('sha256').update('console-build/1\0');
  const files: string[] = [];
  const collect = (dir: string) => {
    for (const entry of readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!(dir === 'web' && SKIPPED.has(entry.name))) collect(path);
      } else if (entry.isFile()) {
        files.push(path);
      }
    }
  };
  collect('web');
  files.push('package-lock.json', 'scripts/startBuild/precompress.mjs');
  for (const path of files.sort()) {
    const content = readFileSync(join(REPO_ROOT, path));
    hash.update(`${path}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex').slice(0, 16);
}

let building: Promise<string> | undefined;

/** The directory of a console build of the current web/ sources (built on first use in this process). */
export function builtConsole(): Promise<string> {
  building ??= build();
  return building;
}

async function build(): Promise<string> {
  const dir = join(tmpdir(), `svc-console-${consoleSourceHash()}`);
  if (existsSync(join(dir, 'index.html'))) return dir;
  const staging = mkdtempSync(join(tmpdir(), 'svc-console-build-'));
  try {
    const vite = join(dirname(createRequire(join(REPO_ROOT, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
    const outDir = join(staging, 'web');
    await run([vite, 'build', '--config', join(WEB, 'vite.config.ts'), '--outDir', outDir, '--logLevel', 'warn']);
    await run([join(REPO_ROOT, 'scripts', 'startBuild', 'precompress.mjs'), outDir]);
    try {
      renameSync(outDir, dir);
    } catch (error) {
      // Another test process published the same build first: theirs is as good.
      if (!existsSync(join(dir, 'index.html'))) throw error;
    }
    return dir;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function run(args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolvePromise()
        : reject(new Error(`building the console failed (${args.slice(0, 2).join(' ')} exited ${code}):\n${output}`)),
    );
  });
}
