/**
 * Preloaded into every test process by `scripts/test.mjs` (`--import`, which node's runner passes on
 * to the process of each file): when the process of a test file exits, it appends one JSON line to
 * the file SVC_TEST_CPU_FILE names with the CPU seconds the file cost: its own (user, system: every
 * thread, so the workers and PGlite too) and those of the child processes it started and waited for
 * (child servers, builds, nats-server), read from /proc/self/stat. The runner prints the files that
 * cost the most and the total, so a change to the suite's cost is measured in CPU, not in wall time
 * on a machine shared with others.
 *
 * Processes that are not a test file (a child server started with the same flags) record nothing:
 * their CPU is counted in the test file that waited for them.
 */
import { appendFileSync, readFileSync } from 'node:fs';

const target = process.env['SVC_TEST_CPU_FILE'];
const file = process.argv[1] ?? '';

if (target && /\.test\.[jt]s$/.test(file)) {
  process.once('exit', () => {
    try {
      // Fields after the command name: utime, stime, cutime, cstime are the 14th to 17th (clock ticks, 100 a second on Linux).
      const stat = readFileSync('/proc/self/stat', 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = (/** @type {number} */ index) => Number(fields[index - 3]) / 100;
      const line = { file, user: ticks(14), system: ticks(15), childUser: ticks(16), childSystem: ticks(17) };
      appendFileSync(target, `${JSON.stringify(line)}\n`);
    } catch {
      // Not Linux, or the file is gone: the run goes on without the figure.
    }
  });
}
