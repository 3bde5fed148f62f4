/**
 * Waiting for state that arrives later (a commit, a closed socket, a subscriber): the one polling
 * helper of the tests. It looks every 5 ms (a timer, so a loaded machine running several suites at
 * once is not kept busy) for up to 10 s, then fails naming what it waited for.
 */

export const POLL_TIMEOUT_MS = 10_000;
const POLL_EVERY_MS = 5;

/** Polls `probe` until it returns a value (not undefined); the value is the result. */
export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string | (() => string),
  timeoutMs = POLL_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${typeof what === 'string' ? what : what()}`);
    await new Promise((done) => setTimeout(done, POLL_EVERY_MS));
  }
}

/** Polls `condition` (state applied in memory) until it holds. */
export async function until(condition: () => boolean, what: string | (() => string), timeoutMs = POLL_TIMEOUT_MS): Promise<void> {
  await eventually(() => (condition() ? true : undefined), what, timeoutMs);
}
