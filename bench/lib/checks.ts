import { formatTable } from './table.js';

/** Functional checks of a bench run: any failure makes the run exit non-zero (targets are separate). */
export class Checks {
  readonly failures: string[] = [];
  readonly passed: string[] = [];

  check(ok: boolean, description: string, detail = ''): boolean {
    if (ok) this.passed.push(description);
    else this.failures.push(detail === '' ? description : `${description}: ${detail}`);
    return ok;
  }

  fail(description: string, error: unknown): void {
    this.failures.push(`${description}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

/** A target of an issue, as measured by a run: `met` is null when the run could not say. */
export interface Target {
  readonly target: string;
  readonly measured: string;
  readonly limit: string;
  readonly met: boolean | null;
  /** With `met: null` in a full run: the run cannot tell (e.g. a confidence interval holding the limit). */
  readonly unresolved?: boolean;
}

/** A bench's targets as the table every bench prints at the end. */
export function targetTable(targets: readonly Target[]): string {
  return formatTable(
    ['target', 'measured', 'limit', 'result'],
    targets.map((t) => [t.target, t.measured, t.limit, t.met === null ? (t.unresolved ? 'UNRESOLVED' : 'n/a') : t.met ? 'MET' : 'MISSED']),
  );
}

/**
 * The end of a bench run: list failed checks and exit 1, else 3 when targets are enforced and one
 * was missed, else 0.
 */
export function exitCode(
  checks: Checks,
  targets: readonly { met: boolean | null }[],
  enforceTargets: boolean,
  log: (line: string) => void,
): number {
  if (checks.failures.length > 0) {
    log(`\nFAILED (${checks.failures.length}):`);
    for (const failure of checks.failures) log(`  - ${failure}`);
    return 1;
  }
  log(`\nall ${checks.passed.length} checks passed`);
  return enforceTargets && targets.some((t) => t.met === false) ? 3 : 0;
}

/** Runs a bench's main: exits with its code, or on a crash stops the child servers still running and exits 1. */
export function runBench(
  main: () => Promise<number>,
  running: Iterable<{ stop(graceMs: number): Promise<unknown> }>,
  log: (line: string) => void,
): void {
  main().then(
    (code) => process.exit(code),
    async (error: unknown) => {
      log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      for (const server of running) await server.stop(2000).catch(() => undefined);
      process.exit(1);
    },
  );
}

/** Stops a bench that hangs: after `seconds`, `stopAll` stops what still runs and the process exits 1. */
export function startWatchdog(seconds: number, stopAll: () => void, log: (line: string) => void): void {
  const watchdog = setTimeout(() => {
    log(`\nwatchdog: the bench did not finish within ${seconds} s; stopping`);
    stopAll();
    setTimeout(() => process.exit(1), 3000).unref();
  }, seconds * 1000);
  watchdog.unref();
}
