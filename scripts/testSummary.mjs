/**
 * A node:test reporter that writes, as JSON, what `scripts/test.mjs` prints after the run: the test
 * files that reported, the counts, and every failing test by file and full name (suite > test), so
 * a failure's name is in the last lines of the output, where CI shows it. Suites that fail only
 * because a test in them failed are not repeated.
 */

/**
 * @param {AsyncIterable<{ type: string, data: any }>} source
 * @returns {AsyncGenerator<string>}
 */
export default async function* testSummary(source) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @type {Map<string, string[]>} the names of the tests being run, by file and nesting */
  const open = new Map();
  /** @type {{ file: string, name: string, error: string }[]} */
  const failures = [];
  /** @type {Map<string, number>} milliseconds of each file's top-level tests and suites */
  const durations = new Map();
  let passed = 0;
  let skipped = 0;
  for await (const event of source) {
    const data = event.data ?? {};
    const file = typeof data.file === 'string' ? data.file : '(no file)';
    if (event.type === 'test:start') {
      const names = open.get(file) ?? [];
      names.length = data.nesting;
      names[data.nesting] = data.name;
      open.set(file, names);
    } else if (event.type === 'test:pass' || event.type === 'test:fail') {
      files.add(file);
      if (data.nesting === 0) durations.set(file, (durations.get(file) ?? 0) + Number(data.details?.duration_ms ?? 0));
      const names = (open.get(file) ?? []).slice(0, data.nesting);
      const isSuite = data.details?.type === 'suite';
      if (event.type === 'test:pass') {
        if (!isSuite) data.skip !== undefined || data.todo !== undefined ? (skipped += 1) : (passed += 1);
      } else {
        const error = data.details?.error;
        if (error?.failureType === 'subtestsFailed') continue;
        const cause = error?.cause ?? error;
        const message = describeFailure(cause)
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .slice(0, 3)
          .join(' ');
        failures.push({ file, name: [...names, data.name].join(' > '), error: message.slice(0, 300) });
      }
    }
  }
  const slowest = [...durations]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([file, ms]) => ({ file, ms: Math.round(ms) }));
  yield `${JSON.stringify({ files: [...files].sort(), passed, skipped, failures, slowest })}\n`;
}

/**
 * A failure's message as text, whatever the runner handed over (an assertion's `actual` may be an object without a
 * prototype, which `String` cannot convert: the summary must never crash on the failure it reports).
 * @param {unknown} cause
 */
function describeFailure(cause) {
  const message = /** @type {{ message?: unknown } | undefined} */ (cause)?.message ?? cause ?? 'failed';
  if (typeof message === 'string') return message;
  try {
    return String(message);
  } catch {
    return JSON.stringify(message) ?? 'failed';
  }
}
