/**
 * The licence in force and the plugin switches: the plugin gate (`isActive`, `require`) that the
 * module composer applies to every gated module's routes and fields (src/platform/modules/pluginGate.ts).
 * A plugin is active when the licence in force lists it, the licence has not expired (checked
 * against the clock on every call, so expiry needs no restart) and no admin has turned it off. Activations are stored, so a restart keeps the licence; at start the valid
 * licence with the latest `issuedAt` among the stored ones and SVC_LICENSE_KEY is in force.
 */
import type { Clock, TimerHandle } from '../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { EventBus } from '../../platform/events/eventBus.js';
import type { Logger } from '../../platform/log/logger.js';
import { createRateLimitedLog, type RateLimitedLog } from '../../platform/log/rateLimitedLog.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { commitChange } from '../../core/commands/commitBoundary.js';
import { iso } from '../../core/storage/tables.js';
import type { LicenseUpdatedEvent } from './licenseEvents.js';
import { licenseActivationsTable, pluginSettingsTable } from './licenseTables.js';
import { PLUGIN_NAMES, verifyLicenseToken, type License, type PluginName } from './licenseToken.js';

export type LicenseSource = 'environment' | 'api';

export const LICENCE_CHANGED_MESSAGE = 'licence or plugins changed';

export interface LicenseInForce {
  readonly license: License;
  readonly token: string;
  readonly activatedAt: number;
  readonly source: LicenseSource;
}

export interface PluginState {
  readonly name: PluginName;
  readonly licensed: boolean;
  readonly enabled: boolean;
  readonly active: boolean;
}

export type LicenseStatus = 'NONE' | 'ACTIVE' | 'EXPIRED';

export interface LicenseManagerOptions {
  readonly publicKey: Uint8Array;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly newId: () => string;
}

export class LicenseManager {
  private inForce: LicenseInForce | null = null;
  private readonly disabled = new Set<PluginName>();
  private expiryTimer: TimerHandle | undefined;
  /** Activations and plugin switches at run time, at most a line a minute per licence or plugin (src/platform/log/rateLimitedLog.ts). */
  private readonly changes: RateLimitedLog;

  constructor(private readonly options: LicenseManagerOptions) {
    this.changes = createRateLimitedLog({ logger: options.logger, clock: options.clock, level: 'info', message: LICENCE_CHANGED_MESSAGE });
  }

  /** Stored state at start: activations (any order) and plugin switches. Tokens are verified again. */
  load(
    stored: readonly { token: string; activatedAt: number; source: LicenseSource }[],
    switches: readonly { name: string; enabled: boolean }[],
  ): void {
    for (const entry of stored) {
      // Verified as of its activation: a stored licence that has since expired is still the one in
      // force (status EXPIRED), exactly as a running server shows it; expiry is judged on every check.
      const verified = verifyLicenseToken(entry.token, this.options.publicKey, entry.activatedAt);
      if (verified.ok && this.isNewer(verified.license))
        this.inForce = { license: verified.license, token: entry.token, activatedAt: entry.activatedAt, source: entry.source };
    }
    for (const s of switches)
      if (!s.enabled && (PLUGIN_NAMES as readonly string[]).includes(s.name)) this.disabled.add(s.name as PluginName);
  }

  /**
   * An activation another instance committed (cluster mode, docs/adr/0068): in force here too when it is the newest,
   * announced to this instance's subscribers. Nothing is written.
   */
  adoptActivation(entry: { token: string; activatedAt: number; source: LicenseSource }): void {
    const verified = verifyLicenseToken(entry.token, this.options.publicKey, entry.activatedAt);
    if (!verified.ok || !this.isNewer(verified.license) || this.inForce?.token === entry.token) return;
    this.inForce = { license: verified.license, token: entry.token, activatedAt: entry.activatedAt, source: entry.source };
    this.armExpiryTimer();
    this.publishUpdate('activated', entry.activatedAt);
  }

  /** A plugin switch another instance committed (cluster mode): the gate follows it here. Nothing is written. */
  adoptSwitch(name: string, enabled: boolean, at: number): void {
    if (!(PLUGIN_NAMES as readonly string[]).includes(name)) return;
    const plugin = name as PluginName;
    if (enabled !== this.disabled.has(plugin)) return;
    if (enabled) this.disabled.delete(plugin);
    else this.disabled.add(plugin);
    this.publishUpdate('plugin-toggled', at);
  }

  /** SVC_LICENSE_KEY, checked once at start: a bad or expired token is logged and ignored, never fatal. */
  async configure(token: string | undefined): Promise<void> {
    if (token !== undefined) {
      const now = this.options.clock.now();
      const verified = verifyLicenseToken(token.trim(), this.options.publicKey, now);
      if (!verified.ok) {
        this.options.logger.error('SVC_LICENSE_KEY is not usable; continuing without it', {
          reason: verified.reason,
          detail: verified.message,
        });
      } else if (this.inForce?.token !== token.trim() && this.isNewer(verified.license)) {
        this.stage({ license: verified.license, token: token.trim(), activatedAt: now, source: 'environment' }, null);
        await this.options.writer.committed();
      }
    }
    const state = this.inForce ? this.info() : undefined;
    this.options.logger.info(
      'licence',
      state ? { customer: state.customer, status: state.status, activePlugins: this.activePlugins() } : { status: 'NONE' },
    );
    this.armExpiryTimer();
  }

  /** Runtime activation (POST /api/v1/license/activate). Throws BAD_REQUEST with the reason for a token that does not verify. */
  async activate(token: string, actor: string): Promise<License> {
    const now = this.options.clock.now();
    const verified = verifyLicenseToken(token.trim(), this.options.publicKey, now);
    if (!verified.ok) throw new AppError(ErrorCode.BadRequest, `licence not accepted (${verified.reason}): ${verified.message}`);
    // The licence issued last is in force (as `load` chooses at start): an earlier one would be in force only until a restart.
    const current = this.inForce;
    if (current !== null && this.status() === 'ACTIVE' && !this.isNewer(verified.license)) {
      throw new AppError(
        ErrorCode.BadRequest,
        `licence not accepted (superseded): licence ${JSON.stringify(verified.license.licenseId)} was issued at ${new Date(verified.license.issuedAt).toISOString()}, ` +
          `before licence ${JSON.stringify(current.license.licenseId)} (issued ${new Date(current.license.issuedAt).toISOString()}), which is in force; the licence issued last is the one in force`,
      );
    }
    if (verified.unknownPlugins.length > 0) {
      this.options.logger.warn('licence lists plugins this version does not know; they stay off', { plugins: verified.unknownPlugins });
    }
    await commitChange(this.options, () =>
      this.stage({ license: verified.license, token: token.trim(), activatedAt: now, source: 'api' }, actor),
    );
    this.armExpiryTimer();
    this.changes.note('licence', {
      change: 'activated',
      licenseId: verified.license.licenseId,
      customer: verified.license.customer,
      activePlugins: this.activePlugins(),
      by: actor,
    });
    return verified.license;
  }

  /** Turn a licensed plugin on or off. An unlicensed plugin cannot be turned on. */
  async toggle(plugin: PluginName, enabled: boolean, actor: string): Promise<PluginState> {
    if (enabled && !this.isLicensed(plugin)) {
      throw new AppError(
        ErrorCode.BadRequest,
        `the ${plugin} plugin is not in the licence in force; activate a licence that includes it first`,
      );
    }
    await commitChange(this.options, () => {
      const at = this.options.clock.now();
      if (enabled) this.disabled.delete(plugin);
      else this.disabled.add(plugin);
      this.options.writer.upsert(
        pluginSettingsTable,
        { name: plugin, enabled, updated_at: iso(at), updated_by: actor },
        {
          onRollback: () => (enabled ? this.disabled.add(plugin) : this.disabled.delete(plugin)),
        },
      );
      this.announce('plugin-toggled', at);
    });
    this.changes.note(`plugin ${plugin}`, { change: enabled ? 'plugin-enabled' : 'plugin-disabled', plugin, by: actor });
    return this.pluginState(plugin);
  }

  isActive(plugin: PluginName): boolean {
    return this.isLicensed(plugin) && !this.disabled.has(plugin);
  }

  /** The gate: throws PLUGIN_INACTIVE (HTTP 503) naming the plugin and how to turn it on. */
  require(plugin: PluginName): void {
    if (this.isActive(plugin)) return;
    const how = this.isLicensed(plugin)
      ? `an admin turned it off; turn it on with the togglePlugin mutation`
      : this.status() === 'EXPIRED'
        ? `the licence expired on ${new Date(this.inForce!.license.expiresAt!).toISOString()}; activate a renewed licence with POST /api/v1/license/activate`
        : `activate a licence that includes it with POST /api/v1/license/activate (or SVC_LICENSE_KEY)`;
    // A whole sentence: clients (the console) add their own after it.
    throw new AppError(ErrorCode.PluginInactive, `the ${plugin} plugin is not active: ${how}.`);
  }

  status(): LicenseStatus {
    if (!this.inForce) return 'NONE';
    const expiresAt = this.inForce.license.expiresAt;
    return expiresAt !== null && this.options.clock.now() >= expiresAt ? 'EXPIRED' : 'ACTIVE';
  }

  info() {
    const license = this.inForce?.license ?? null;
    return {
      status: this.status(),
      licenseId: license?.licenseId ?? null,
      customer: license?.customer ?? null,
      issuedAt: license?.issuedAt ?? null,
      expiresAt: license?.expiresAt ?? null,
      activatedAt: this.inForce?.activatedAt ?? null,
      source: this.inForce?.source ?? null,
      plugins: PLUGIN_NAMES.map((name) => this.pluginState(name)),
    };
  }

  activePlugins(): PluginName[] {
    return PLUGIN_NAMES.filter((p) => this.isActive(p));
  }

  close(): void {
    this.options.clock.clearTimer(this.expiryTimer);
    this.expiryTimer = undefined;
    this.changes.stop();
  }

  private pluginState(name: PluginName): PluginState {
    return { name, licensed: this.isLicensed(name), enabled: !this.disabled.has(name), active: this.isActive(name) };
  }

  private isLicensed(plugin: PluginName): boolean {
    return this.status() === 'ACTIVE' && this.inForce!.license.plugins.includes(plugin);
  }

  private isNewer(license: License): boolean {
    return this.inForce === null || license.issuedAt >= this.inForce.license.issuedAt;
  }

  private stage(next: LicenseInForce, actor: string | null): void {
    const previous = this.inForce;
    this.inForce = next;
    const { license } = next;
    this.options.writer.insert(licenseActivationsTable, {
      id: this.options.newId(),
      token: next.token,
      license_id: license.licenseId,
      customer: license.customer,
      plugins: license.plugins,
      issued_at: iso(license.issuedAt),
      expires_at: iso(license.expiresAt),
      activated_at: iso(next.activatedAt),
      source: next.source,
      activated_by: actor,
    });
    this.rollbackTo(previous);
    this.announce('activated', next.activatedAt);
  }

  /** Activation rows are append-only inserts, which carry no rollback hook: a failed batch restores the previous licence here. */
  private rollbackTo(previous: LicenseInForce | null): void {
    const current = this.inForce;
    this.options.writer.committed().catch(() => {
      if (this.inForce === current) this.inForce = previous;
    });
  }

  private announce(reason: LicenseUpdatedEvent['reason'], at: number): void {
    // Customer and plugins are read when the event goes out, after the commit: the state then in force.
    this.options.writer.afterCommit(() => this.publishUpdate(reason, at));
  }

  private publishUpdate(reason: LicenseUpdatedEvent['reason'], at: number): void {
    this.options.bus.publish({
      type: 'license.updated',
      reason,
      customer: this.inForce?.license.customer ?? null,
      activePlugins: this.activePlugins(),
      at,
      origin: 'api',
    });
  }

  /**
   * Expiry is evaluated on every check; this timer only announces it (log, `license:updated`) at
   * the expiry instant, by the injected clock (product time: a manual clock fires it in tests).
   */
  private armExpiryTimer(): void {
    const { clock } = this.options;
    clock.clearTimer(this.expiryTimer);
    this.expiryTimer = undefined;
    const expiresAt = this.inForce?.license.expiresAt ?? null;
    if (expiresAt === null) return;
    const wait = expiresAt - clock.now();
    if (wait <= 0) return;
    this.expiryTimer = clock.setTimer(wait, () => {
      this.expiryTimer = undefined;
      // A wall clock set back meanwhile: not expired yet, wait again.
      if (this.status() !== 'EXPIRED') return this.armExpiryTimer();
      this.options.logger.warn('the licence expired; its plugins are now inactive', {
        customer: this.inForce?.license.customer,
        expiredAt: new Date(expiresAt).toISOString(),
      });
      this.options.bus.publish({
        type: 'license.updated',
        reason: 'expired',
        customer: this.inForce?.license.customer ?? null,
        activePlugins: this.activePlugins(),
        at: clock.now(),
        origin: 'timer',
      });
    });
  }
}
