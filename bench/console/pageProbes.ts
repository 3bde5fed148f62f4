/**
 * What the bench measures inside the page, as JavaScript source run there. Source text, not
 * functions: tsx compiles this project with esbuild's keepNames, which wraps inner functions in a
 * `__name(...)` helper that does not exist in the page, and the project compiles without the DOM types.
 *
 * - READY_PROBE (an init script, before any page script): records `performance.now()` (milliseconds
 *   since navigation start) when `[data-testid="hierarchy-ready"]` first exists.
 * - PAINT_PROBE: for every change of a row's `data-status` (or a row rendered anew), records the
 *   wall-clock moment after the next frame was painted (requestAnimationFrame, then a message-channel
 *   task: the usual "after paint" point), keyed `<service id>:<status>`; the first record wins.
 */
export const READY_PROBE = `(() => {
  const found = () => document.querySelector('[data-testid="hierarchy-ready"]') !== null;
  const observer = new MutationObserver(() => {
    if (window.__benchReadyAt === undefined && found()) {
      window.__benchReadyAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-testid'] });
})()`;

export const PAINT_PROBE = `(() => {
  window.__benchPaints = {};
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => {
    const key = waiting.shift();
    if (key !== undefined && window.__benchPaints[key] === undefined) window.__benchPaints[key] = performance.timeOrigin + performance.now();
  };
  const seen = (element) => {
    const id = element.dataset && element.dataset.serviceId;
    const status = element.dataset && element.dataset.status;
    if (!id || !status) return;
    const key = id + ':' + status;
    requestAnimationFrame(() => {
      waiting.push(key);
      channel.port2.postMessage(null);
    });
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'attributes') seen(mutation.target);
      for (const added of mutation.addedNodes) {
        if (!(added instanceof HTMLElement)) continue;
        seen(added);
        for (const row of added.querySelectorAll('[data-service-id]')) seen(row);
      }
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
})()`;

// Polled by waitForFunction, which must get a function: a string predicate is eval'd in the page,
// which the console's CSP refuses. One expression each, so keepNames adds nothing to them.
type PageGlobals = { __benchReadyAt?: number; __benchPaints: Record<string, number>; __benchSubscribed?: boolean };

/** Truthy (the milliseconds) once the ready marker showed. */
export const readyAt = () => (globalThis as unknown as PageGlobals).__benchReadyAt;

/** The plain page's subscription was sent (after the server's connection_ack). */
export const plainSubscribed = () => (globalThis as unknown as PageGlobals).__benchSubscribed;

export const forgetPaint = (key: string) => `delete window.__benchPaints[${JSON.stringify(key)}]`;

/** Truthy (the wall-clock moment) once the row `key` (`<id>:<status>`) was painted. */
export const paintedAt = (key: string) => (globalThis as unknown as PageGlobals).__benchPaints[key];

/**
 * Rows on screen whose text names a seeded service (`svc-` and `digits` digits, below `count`), with the status they
 * show, at most 20.
 */
export const visibleServiceRows = (count: number, digits: number) => `(() => {
  const out = [];
  for (const row of document.querySelectorAll('[data-service-id]')) {
    const rect = row.getBoundingClientRect();
    const match = /svc-(\\d{${digits}})(?!\\d)/.exec(row.textContent || '');
    if (rect.bottom > 0 && rect.top < window.innerHeight && match && Number(match[1]) < ${count})
      out.push({ id: row.dataset.serviceId, index: Number(match[1]), status: row.dataset.status || 'OPERATIONAL' });
  }
  return out.slice(0, 20);
})()`;
