/**
 * Readiness as the probes answer it (probeRoutes.ts): named checks, each a function that answers from
 * what the process already holds (never I/O: a probe costs no database round trip), and the two
 * states every instance goes through: loading (until every module hydrated and started) and
 * draining (from the stop signal on). The answer is the `checks` object of `application/health+json`
 * (draft-inadarei-api-health-check): each key a component, each value a list of one observation.
 *
 * Concurrency: one event loop; `startDraining` is synchronous, so the first probe after the signal
 * handler ran already fails.
 */

export type CheckStatus = 'pass' | 'warn' | 'fail';

/** One observation of a component, in the draft's field names. */
export interface CheckResult {
  readonly status: CheckStatus;
  readonly componentType?: 'datastore' | 'component' | 'system';
  readonly observedValue?: number | string | boolean;
  readonly observedUnit?: string;
  /** Why it does not pass; absent when it does. */
  readonly output?: string;
  /** When it was observed (ISO 8601), for checks that observe on a timer. */
  readonly time?: string;
}

/** Answers from memory, at once; a check that needs I/O does it on its own timer and caches (databaseCheck.ts). */
export type HealthCheck = () => CheckResult;

export interface ReadinessReport {
  /** `fail` when any check fails; `warn` when any warns (still ready); `pass` otherwise. */
  readonly status: CheckStatus;
  readonly checks: Readonly<Record<string, readonly CheckResult[]>>;
}

const PASS: CheckResult = { status: 'pass' };

export class Readiness {
  private readonly checks = new Map<string, HealthCheck>();
  private loaded = false;
  private drainingSince: string | undefined;

  constructor() {
    this.checks.set('hydration', () =>
      this.loaded ? PASS : { status: 'fail', output: 'loading: migrations and state are not all loaded yet' },
    );
    this.checks.set('draining', () =>
      this.drainingSince === undefined
        ? { status: 'pass', observedValue: false }
        : { status: 'fail', observedValue: true, output: 'shutting down: new work goes to another instance', time: this.drainingSince },
    );
  }

  /** Adds a check; names are unique (a module's, the database's, later the cluster bus's `nats`). */
  register(name: string, check: HealthCheck): void {
    if (this.checks.has(name)) throw new Error(`the readiness check "${name}" is registered twice`);
    this.checks.set(name, check);
  }

  /** Every module hydrated and started: the product serves. */
  markLoaded(): void {
    this.loaded = true;
  }

  /** The stop signal came: readiness fails from now on, whatever the other checks say. */
  startDraining(at: Date = new Date()): void {
    this.drainingSince ??= at.toISOString();
  }

  get isLoaded(): boolean {
    return this.loaded;
  }

  get isDraining(): boolean {
    return this.drainingSince !== undefined;
  }

  report(): ReadinessReport {
    const checks: Record<string, readonly CheckResult[]> = {};
    let status: CheckStatus = 'pass';
    for (const [name, check] of this.checks) {
      let result: CheckResult;
      try {
        result = check();
      } catch (error) {
        // A check that throws is a failing check, never a failed probe.
        result = { status: 'fail', output: `the check failed: ${error instanceof Error ? error.message : String(error)}` };
      }
      checks[name] = [result];
      if (result.status === 'fail') status = 'fail';
      else if (result.status === 'warn' && status === 'pass') status = 'warn';
    }
    return { status, checks };
  }
}
