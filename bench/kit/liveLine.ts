/**
 * The line a person watches while a run goes (only on a terminal: a CI log gets the summary alone):
 * elapsed and remaining time, the answered rate of the last second, errors so far and the p99 so far,
 * rewritten in place once a second.
 */
import type { Recorder } from './recorder.js';

export class LiveLine {
  private readonly timer: NodeJS.Timeout;
  private lastOk = 0;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly recorder: Recorder,
    private readonly startedAt: number,
    private readonly durationSeconds: number,
  ) {
    this.timer = setInterval(() => this.draw(), 1000);
  }

  private draw(): void {
    const elapsed = (performance.now() - this.startedAt) / 1000;
    const { ok, errors } = this.recorder.totals;
    const rate = ok - this.lastOk;
    this.lastOk = ok;
    const p99 = this.recorder.all().percentileMs(0.99);
    const left = Math.max(0, this.durationSeconds - elapsed);
    this.out.write(
      `\r${elapsed.toFixed(0)} s  ${rate} ok/s  errors ${errors}  p99 ${Number.isFinite(p99) ? p99.toFixed(1) : '-'} ms  ${left.toFixed(0)} s left   `,
    );
  }

  stop(): void {
    clearInterval(this.timer);
    this.out.write('\n');
  }
}
