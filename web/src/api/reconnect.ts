/**
 * How a graphql-ws client comes back after the server closed its socket (a restart closes with 1012,
 * spread over a few seconds) or could not be reached (the new process still starting): tried again
 * with no cap on attempts, each wait drawn at random between 0 and a ceiling that doubles with each
 * failed attempt (full jitter) up to RECONNECT_MAX_DELAY_MS. Thousands of clients closed in the same
 * second spread their returns instead of arriving together, and none waits more than 5 s once the
 * server is back. graphql-ws's own default waits 2^n s plus up to 3 s with no ceiling (17 minutes
 * after ten failures). docs/api/realtime.md gives other clients the same settings; the drain test
 * (test/integration/app/restartUnderLoad.test.ts) runs its subscribers with this very function.
 */

/** The first ceiling; it doubles with every failed attempt. */
export const RECONNECT_BASE_DELAY_MS = 500;
/** The ceiling never grows past this. */
export const RECONNECT_MAX_DELAY_MS = 5000;

/** The wait before attempt `retries + 1` (graphql-ws counts from 0), between 0 and its ceiling. */
export function reconnectDelayMs(retries: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_BASE_DELAY_MS * 2 ** Math.min(Math.max(0, retries), 16));
  return Math.floor(random() * ceiling);
}

/** graphql-ws's `retryWait`. */
export function reconnectWait(retries: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(retries)));
}
