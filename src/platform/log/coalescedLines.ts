/**
 * The log's lines on their way to stdout, gathered when they come close together. Under load the `group commit` line
 * is written once per commit (hundreds a second), and each line written on its own is one `write` system call with its
 * request object and callback: 6.5 % of the busy samples of a created ticket in `bench:tickets` (docs/adr/0091).
 *
 * A line that comes after a quiet moment (nothing written for `windowMs`) goes out at once, so a lone line (a start-up
 * line, a warning, an operator's test) is never held. Lines that follow it within the window are appended to one
 * chunk and written together when the window ends: at most `windowMs` late, in the order they were logged.
 * `flushSync` writes what is gathered before the process exits (registered by the logger on `exit`); the window runs
 * on `systemDeadlineClock`, whose timers keep the process alive, so a process whose work is done still writes its last
 * lines before `beforeExit` (where pino ends its stream).
 */
import { type Clock, systemDeadlineClock, type TimerHandle } from '../scheduler/index.js';

/** Where chunks go: pino's asynchronous stdout (sonic-boom), or a test's record. */
export interface LineSink {
  write(chunk: string): unknown;
  flushSync(): void;
}

/** 10 ms: the delay a line that follows another can see, and room for 10 commits' lines a chunk at 1,000 a second. */
export const DEFAULT_LOG_WINDOW_MS = 10;

export class CoalescedLines {
  private pending = '';
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private timer: TimerHandle | undefined;

  constructor(
    private readonly sink: LineSink,
    private readonly windowMs: number = DEFAULT_LOG_WINDOW_MS,
    private readonly clock: Clock = systemDeadlineClock,
  ) {}

  /** One line (ending with its newline). */
  write(line: string): void {
    const now = this.clock.now();
    if (this.timer === undefined && now - this.lastWriteAt >= this.windowMs) {
      this.lastWriteAt = now;
      this.sink.write(line);
      return;
    }
    this.pending += line;
    // At most one window whatever the wall clock did meanwhile (set back, a line would otherwise wait the difference).
    const wait = Math.min(this.windowMs, Math.max(0, this.lastWriteAt + this.windowMs - now));
    this.timer ??= this.clock.setTimer(wait, () => this.writePending());
  }

  /** Everything gathered, written now and synchronously (the process is exiting). */
  flushSync(): void {
    this.clock.clearTimer(this.timer);
    this.timer = undefined;
    if (this.pending !== '') {
      this.sink.write(this.pending);
      this.pending = '';
    }
    this.sink.flushSync();
  }

  private writePending(): void {
    this.timer = undefined;
    if (this.pending === '') return;
    this.lastWriteAt = this.clock.now();
    const chunk = this.pending;
    this.pending = '';
    this.sink.write(chunk);
  }
}
