/**
 * A maintenance window: a span of a service's time that every SLA figure of that
 * service leaves out (DESIGN.md "SLA arithmetic": excluded minutes). The record as the window's
 * actor holds it and its row stores it; pure, no I/O.
 */
import type { MaintenanceSpan } from '../../../core/domain/periodArithmetic.js';

/** How a window ended: stopped by a call, ended by its `expectedEndAt`, or deleted while active. */
export const WINDOW_ENDS = ['stop', 'expiry', 'delete'] as const;
export type WindowEnd = (typeof WINDOW_ENDS)[number];

/** Who opened or closed a window: a machine with the operator API key, or a signed-in person. */
export type WindowActor = { readonly kind: 'api_key' } | { readonly kind: 'user'; readonly userId: string };

export const API_KEY_ACTOR: WindowActor = Object.freeze({ kind: 'api_key' });

export interface MaintenanceWindow {
  readonly id: string;
  readonly serviceId: string;
  readonly reason: string | null;
  /** Epoch ms. */
  readonly startedAt: number;
  /** Epoch ms when the window ends by itself; null: it lasts until stopped. */
  readonly expectedEndAt: number | null;
  readonly endedAt: number | null;
  readonly endedBy: WindowEnd | null;
  readonly createdBy: WindowActor;
  /** Who stopped or deleted it while active; null while active or when it expired. */
  readonly endedByActor: WindowActor | null;
  /** A deleted window no longer counts in any SLA figure; its row stays as the record of the deletion. */
  readonly deletedAt: number | null;
  readonly deletedBy: WindowActor | null;
}

export function isActive(window: Pick<MaintenanceWindow, 'endedAt' | 'deletedAt'>): boolean {
  return window.endedAt === null && window.deletedAt === null;
}

/**
 * The span a window excludes within `[from, to)`, as the SLA arithmetic takes it
 * (`[start, end)`, `end` null while still active), or null when it does not touch the range or was deleted.
 */
export function excludedSpan(window: MaintenanceWindow, from: number, to: number): MaintenanceSpan | null {
  if (window.deletedAt !== null) return null;
  if (window.startedAt >= to) return null;
  if (window.endedAt !== null && window.endedAt <= from) return null;
  return [window.startedAt, window.endedAt];
}
