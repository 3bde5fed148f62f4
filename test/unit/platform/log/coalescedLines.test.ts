/**
 * The log's lines on their way to stdout (src/platform/log/coalescedLines.ts): a lone line at once, lines close
 * together as one chunk at most a window late, everything written before the process exits.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { CoalescedLines, type LineSink } from '../../../../src/platform/log/coalescedLines.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { REPO_ROOT } from '../../../support/repoRoot.js';

function recordingSink(): LineSink & { readonly chunks: string[]; flushes: number } {
  const chunks: string[] = [];
  return {
    chunks,
    flushes: 0,
    write(chunk) {
      chunks.push(chunk);
    },
    flushSync() {
      this.flushes += 1;
    },
  };
}

describe('coalesced log lines', () => {
  it('writes a line that comes after a quiet moment at once', () => {
    const sink = recordingSink();
    const time = createManualClock();
    const lines = new CoalescedLines(sink, 10, time);
    lines.write('a\n');
    assert.deepEqual(sink.chunks, ['a\n']);
    time.advance(10);
    lines.write('b\n');
    assert.deepEqual(sink.chunks, ['a\n', 'b\n']);
    assert.equal(time.pendingTimers, 0, 'no timer left running');
  });

  it('gathers the lines that follow within the window and writes them as one chunk, in order, when it ends', () => {
    const sink = recordingSink();
    const time = createManualClock();
    const lines = new CoalescedLines(sink, 10, time);
    lines.write('first\n');
    time.advance(3);
    lines.write('second\n');
    lines.write('third\n');
    assert.deepEqual(sink.chunks, ['first\n'], 'held until the window ends');
    time.advance(6);
    assert.deepEqual(sink.chunks, ['first\n']);
    time.advance(1);
    assert.deepEqual(sink.chunks, ['first\n', 'second\nthird\n']);
  });

  it('writes a steady stream once per window', () => {
    const sink = recordingSink();
    const time = createManualClock();
    const lines = new CoalescedLines(sink, 10, time);
    for (let i = 0; i < 100; i++) {
      lines.write(`${i}\n`);
      time.advance(1);
    }
    time.advance(10);
    assert.ok(sink.chunks.length <= 11, `${sink.chunks.length} writes for 100 lines over 100 ms`);
    assert.equal(sink.chunks.join(''), Array.from({ length: 100 }, (_, i) => `${i}\n`).join(''), 'every line, in order');
  });

  it('holds a line at most one window when the clock was set back', () => {
    const sink = recordingSink();
    const time = createManualClock();
    const lines = new CoalescedLines(sink, 10, time);
    lines.write('before\n');
    time.set(time.now() - 3_600_000);
    lines.write('after the clock went back an hour\n');
    time.advance(10);
    assert.deepEqual(sink.chunks, ['before\n', 'after the clock went back an hour\n']);
  });

  it('writes what it gathered and flushes the sink on flushSync, leaving no timer', () => {
    const sink = recordingSink();
    const time = createManualClock();
    const lines = new CoalescedLines(sink, 10, time);
    lines.write('a\n');
    lines.write('b\n');
    lines.flushSync();
    assert.deepEqual(sink.chunks, ['a\n', 'b\n']);
    assert.equal(sink.flushes, 1);
    assert.equal(time.pendingTimers, 0);
  });

  /** A fresh process that logs through the real stdout destination, then exits the way `ending` says. */
  const logThenEnd = async (ending: string) => {
    const script = `import { createLogger } from './src/platform/log/logger.ts';
      const logger = createLogger({ level: 'info' });
      for (let i = 0; i < 2000; i++) logger.info('line', { i });
      ${ending}`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      timeout: 30_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { i: number }).i);
  };

  for (const [how, ending] of [
    ['when its work is done', ''],
    ['on process.exit', 'process.exit(0);'],
  ] as const) {
    it(`a process writes every line to stdout, in order, ${how}`, async () => {
      assert.deepEqual(
        await logThenEnd(ending),
        Array.from({ length: 2000 }, (_, i) => i),
      );
    });
  }
});
