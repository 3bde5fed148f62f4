/** The licence module's domain event, declared beside it (see `DomainEventMap`). */
import type { Origin } from '../../platform/events/domainEvents.js';

/** The licence or a plugin switch changed (SPEC.md core event `license:updated`). */
export interface LicenseUpdatedEvent {
  readonly type: 'license.updated';
  readonly reason: 'activated' | 'expired' | 'plugin-toggled';
  readonly customer: string | null;
  /** Plugins active after the change. */
  readonly activePlugins: readonly string[];
  readonly at: number;
  readonly origin: Origin;
}

declare module '../../platform/events/domainEvents.js' {
  interface DomainEventMap {
    'license.updated': LicenseUpdatedEvent;
  }
}
