/**
 * What the bench measures inside the page, as functions Playwright runs there (serialized: they
 * must not close over anything of this module).
 *
 * - `installReadyProbe` (an init script, before any page script): records `performance.now()`
 *   (milliseconds since navigation start) when `[data-testid="hierarchy-ready"]` first exists.
 * - `installPaintProbe`: for every change of a row's `data-status`, records the wall-clock moment
 *   after the next frame was painted (requestAnimationFrame, then a message-channel task: the
 *   usual "after paint" point), keyed by service id and status.
 */
// The browser's globals, declared here for this file only: the project compiles for Node (no DOM
// lib, which would change the types of fetch and Buffer everywhere), and these functions run in the page.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: { __benchReadyAt?: number; __benchPaints?: Record<string, number>; innerHeight: number };
declare const document: any;
declare const performance: { now(): number; timeOrigin: number };
declare const MutationObserver: any;
declare const MessageChannel: any;
declare const requestAnimationFrame: (callback: () => void) => number;
type HTMLElement = { dataset?: Record<string, string | undefined>; querySelectorAll(selector: string): Iterable<HTMLElement> };
declare const HTMLElement: { prototype: HTMLElement; new (): HTMLElement };

/** What the probes leave on `window`, for the bench to read. */
export interface ProbeWindow {
  __benchReadyAt?: number;
  __benchPaints?: Record<string, number>;
  __benchSubscribed?: Promise<boolean>;
}

export function installReadyProbe(): void {
  const found = () => document.querySelector('[data-testid="hierarchy-ready"]') !== null;
  const observer = new MutationObserver(() => {
    if (window.__benchReadyAt === undefined && found()) {
      window.__benchReadyAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-testid'] });
}

export function installPaintProbe(): void {
  window.__benchPaints = {};
  const channel = new MessageChannel();
  const waiting: string[] = [];
  channel.port1.onmessage = () => {
    const key = waiting.shift();
    if (key !== undefined && window.__benchPaints![key] === undefined) window.__benchPaints![key] = performance.timeOrigin + performance.now();
  };
  const seen = (element: HTMLElement) => {
    const id = element.dataset?.['serviceId'];
    const status = element.dataset?.['status'];
    if (!id || !status) return;
    const key = `${id}:${status}`;
    requestAnimationFrame(() => {
      waiting.push(key);
      channel.port2.postMessage(null);
    });
  };
  // A changed attribute, or a row rendered anew (a framework may replace the element).
  new MutationObserver((mutations: unknown[]) => {
    for (const mutation of mutations as { type: string; target: HTMLElement; addedNodes: Iterable<unknown> }[]) {
      if (mutation.type === 'attributes') seen(mutation.target as HTMLElement);
      for (const added of mutation.addedNodes) {
        if (!(added instanceof HTMLElement)) continue;
        seen(added);
        for (const row of added.querySelectorAll('[data-service-id]')) seen(row);
      }
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
}

/** Milliseconds from navigation start to the ready marker, once it showed (else undefined). */
export function readyAt(): number | undefined {
  return window.__benchReadyAt;
}

export function forgetPaint(key: string): void {
  delete window.__benchPaints![key];
}

/** Wall-clock moment the row `key` (`<id>:<status>`) was painted, once it was. */
export function paintedAt(key: string): number | undefined {
  return window.__benchPaints![key];
}

/** The plain page's WebSocket is open. */
export function plainSubscribed(): Promise<boolean> | undefined {
  return (window as ProbeWindow).__benchSubscribed;
}

/** Rows on screen whose text names a seeded service (`svc-NNNNNN`, below `count`), at most 20. */
export function visibleServiceRows(count: number): { id: string; index: number }[] {
  const out: { id: string; index: number }[] = [];
  for (const row of document.querySelectorAll('[data-service-id]') as Iterable<{ dataset: Record<string, string>; textContent: string | null; getBoundingClientRect(): { top: number; bottom: number } }>) {
    const rect = row.getBoundingClientRect();
    const name = /svc-(\d{6})/.exec(row.textContent ?? '')?.[1];
    if (rect.bottom > 0 && rect.top < window.innerHeight && name !== undefined && Number(name) < count) out.push({ id: row.dataset['serviceId']!, index: Number(name) });
  }
  return out.slice(0, 20);
}
