/**
 * Subscriptions a plugin owns, so that they end when the plugin goes inactive (an admin's
 * `togglePlugin`, the licence's expiry): the plugin gate refuses new ones, and this ends the ones
 * already running. Which plugin owns a subscription is declared, never listed here: a gated
 * module's entity types carry its plugin (`EntityType.plugin`, set by the composer), and a gated
 * module's own Subscription fields name theirs through the gate (src/platform/modules/pluginGate.ts). Both
 * add the plugin to the scope's `owners` while the subscription starts; the stream it starts is
 * tracked here until it ends one way or the other.
 *
 * Memory: nothing is kept for a subscription no plugin owns; an owned one costs one entry.
 */
import type { PluginName } from '../../platform/modules/pluginNames.js';
import type { Logger } from '../../platform/log/logger.js';
import type { PluginOwnership } from '../../platform/modules/pluginGate.js';
import type { Leavable } from './pendingStream.js';

/** The plugin gate's check (src/platform/modules/pluginGate.ts): throws PLUGIN_INACTIVE for an inactive plugin. */
export interface PluginCheck {
  require(plugin: PluginName): void;
}

export class PluginStreams {
  private readonly byPlugin = new Map<PluginName, Set<OwnedStream>>();

  /** The leavable the stream should end through: as `subscription`, and it forgets the ownership. */
  own(scope: PluginOwnership, subscription: Leavable): Leavable {
    if (scope.owners.length === 0) return subscription;
    const owned = new OwnedStream(this, [...new Set(scope.owners)], subscription, scope.end);
    for (const plugin of owned.plugins) {
      let streams = this.byPlugin.get(plugin);
      if (!streams) this.byPlugin.set(plugin, (streams = new Set()));
      streams.add(owned);
    }
    return owned;
  }

  /**
   * Ends every subscription owned by a plugin the gate now refuses, with the gate's refusal
   * (PLUGIN_INACTIVE naming the plugin and how to turn it on). Returns how many ended.
   */
  endRefused(gate: PluginCheck, logger?: Pick<Logger, 'info'>): number {
    let ended = 0;
    for (const [plugin, streams] of [...this.byPlugin]) {
      const error = refusalOf(() => gate.require(plugin));
      if (error === null) continue;
      const owned = [...streams];
      for (const stream of owned) {
        stream.leave();
        stream.end(error);
      }
      ended += owned.length;
      logger?.info('subscriptions of an inactive plugin ended', { plugin, subscriptions: owned.length });
    }
    return ended;
  }

  get empty(): boolean {
    return this.byPlugin.size === 0;
  }

  /** Running subscriptions a plugin owns (tests, metrics). */
  count(plugin: PluginName): number {
    return this.byPlugin.get(plugin)?.size ?? 0;
  }

  /** @internal OwnedStream.leave */
  forget(owned: OwnedStream): void {
    for (const plugin of owned.plugins) {
      const streams = this.byPlugin.get(plugin);
      streams?.delete(owned);
      if (streams?.size === 0) this.byPlugin.delete(plugin);
    }
  }
}

/** One owned subscription: leaving it (the client completed, the socket closed, or the plugin went off) forgets it once. */
class OwnedStream implements Leavable {
  private left = false;

  constructor(
    private readonly registry: PluginStreams,
    readonly plugins: readonly PluginName[],
    private readonly subscription: Leavable,
    readonly end: (error: Error) => void,
  ) {}

  leave(): void {
    if (this.left) return;
    this.left = true;
    this.registry.forget(this);
    this.subscription.leave();
  }
}

/** The error `check` throws, or null when it passes. */
function refusalOf(check: () => void): Error | null {
  try {
    check();
    return null;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
