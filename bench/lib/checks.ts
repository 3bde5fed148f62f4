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
