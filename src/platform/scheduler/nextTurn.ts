/**
 * Resolves on the event loop's next turn (after pending I/O): a long piece of work over a fleet awaits it between
 * slices so that requests are served in between. Not a timer: it waits for nothing but the loop.
 */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
