/**
 * The metrics settings (`config.metrics`): `SVC_METRICS`, `SVC_METRICS_TOKEN` and `SVC_METRICS_ADDRESS`.
 * Their own module because they decide together whether metrics exist at all, and the address is a
 * listen address with a grammar of its own.
 */
import { oneOf, type EnvSource, type ReadSetting } from './settingValues.js';

/** Where `GET /metrics` is served and who may read it (src/platform/metrics, docs/adr/0055). */
export interface MetricsConfig {
  /**
   * Metrics are collected and `/metrics` served: a token or an address is set and SVC_METRICS is not `off`.
   * Off, nothing is counted on a request's path and no `/metrics` exists. @default false
   */
  readonly enabled: boolean;
  /** SVC_METRICS_TOKEN: the bearer token `/metrics` asks for (at least 16 characters); undefined: none asked. */
  readonly token: string | undefined;
  /** SVC_METRICS_ADDRESS (`host:port`): `/metrics` on a listener of its own, and not on the main port. */
  readonly address: { readonly host: string; readonly port: number } | undefined;
}

const MIN_METRICS_TOKEN_LENGTH = 16;

/**
 * SVC_METRICS (`on`, `off`), SVC_METRICS_TOKEN and SVC_METRICS_ADDRESS. Metrics are on only when something
 * serves them: a token (then `/metrics` on the main port, behind it) or an address (a listener of its own).
 */
export function metricsSettings(read: ReadSetting, source: EnvSource, problems: string[]): MetricsConfig {
  const switched = oneOf(read('SVC_METRICS') ?? 'on', ['on', 'off'] as const, 'SVC_METRICS', problems) ?? 'on';
  const rawToken = source['SVC_METRICS_TOKEN'];
  const token = rawToken === undefined || rawToken === '' ? undefined : rawToken;
  if (token !== undefined && (token.length < MIN_METRICS_TOKEN_LENGTH || /\s/.test(token))) {
    problems.push(
      `SVC_METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters without spaces (it is sent as "Authorization: Bearer <token>")`,
    );
  }
  const addressSetting = read('SVC_METRICS_ADDRESS');
  const address = addressSetting === undefined ? undefined : listenAddress(addressSetting);
  if (addressSetting !== undefined && address === undefined) {
    problems.push(`SVC_METRICS_ADDRESS must be host:port, such as 127.0.0.1:9464 or [::1]:9464, got "${addressSetting}"`);
  }
  return { enabled: switched === 'on' && (token !== undefined || address !== undefined), token, address };
}

/** `host:port`, `[v6]:port`; port 0 lets the system choose (tests). */
function listenAddress(value: string): { host: string; port: number } | undefined {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(value);
  if (!match) return undefined;
  const port = Number(match[3]);
  if (port > 65535) return undefined;
  return { host: match[1] ?? match[2]!, port };
}
