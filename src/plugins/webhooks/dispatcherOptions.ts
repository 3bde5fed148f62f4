/**
 * What the composition (createWebhooks.ts) gives the dispatcher: its collaborators, its two clocks, its
 * limits and observers, and this instance's claim on its outbox pages as the dispatcher sees it. Its
 * own module so that the dispatcher (dispatcher.ts) and its attempts (queuedAttempt.ts) share these
 * types without importing each other (src/ has no import cycles, type-only ones included).
 */
import type { Clock } from '../../platform/scheduler/index.js';
import type { Logger } from '../../platform/log/logger.js';
import type { OutboundRequest, OutboundResult } from '../../platform/outbound/outboundRequest.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import type { PacerLimits } from './deliveryPacer.js';
import type { DeliveryQueueOptions } from './deliveryQueue.js';
import type { ReadPages } from './outboxBacklog.js';
import type { WebhookRegistry } from './webhookRegistry.js';

export type SendOutbound = (request: OutboundRequest) => Promise<OutboundResult>;

/** This instance's claim on its outbox pages (deliveryClaims.ts), as the dispatcher sees it. */
export interface DispatcherClaims {
  /** Whether the instance's lease holds now: no attempt starts while it does not. */
  readonly valid: boolean;
  /** Whether the page must be checked before its next attempt (the lease ran out since it was loaded or last checked). */
  needsCheck(pageId: string): boolean;
  /** Whether the page is still this instance's; a page found so needs no check until the lease runs out again. */
  holds(pageId: string): Promise<boolean>;
}

export interface DispatcherOptions {
  readonly registry: WebhookRegistry;
  readonly writer: BatchWriter;
  /** Product time: due times of deliveries and retries, and the timer that starts them. */
  readonly clock: Clock;
  /** Real time: pacing, the page sweep, the backlog read retry. @default systemClock */
  readonly realTime?: Clock;
  readonly logger: Logger;
  readonly newId: () => string;
  /** sendOutbound with the configured policy. */
  readonly send: SendOutbound;
  /** Reads outbox pages back for the backlog. */
  readonly readPages: ReadPages;
  /** Waiting deliveries held in memory with their bodies; more wait on their outbox pages. @default 4096 */
  readonly maxHeld?: number;
  readonly queue?: DeliveryQueueOptions;
  /** Requests the server received so far; with it, the pacer slows deliveries under request load. */
  readonly requests?: () => number;
  /** Requests under way now: the pacer's brake. */
  readonly requestsInFlight?: () => number;
  readonly pacer?: PacerLimits;
  /** Observer of each delivery that succeeded: seconds from its event's commit (`createdAt`) to it, by the product clock (metrics). */
  readonly onDelivered?: (seconds: number) => void;
  /** The instance's claim on its pages; without it every delivery held is this process's (tests of the dispatcher alone). */
  readonly claims?: DispatcherClaims;
}

/** Waiting deliveries held in memory unless `maxHeld` says otherwise. */
export const DEFAULT_MAX_HELD = 4096;
