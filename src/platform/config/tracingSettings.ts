/**
 * OpenTelemetry tracing's settings (src/platform/tracing, docs/adr/0069-opentelemetry-tracing.md): the standard
 * `OTEL_*` variables, read here once like every other setting. Off unless `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set; `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` turn it off
 * again. Off, `config.tracing` is undefined and no OpenTelemetry package is ever loaded.
 *
 * Names and meanings are the OpenTelemetry specification's (Environment Variable Specification, OTLP Exporter
 * Configuration): the traces endpoint is used as it is, the general endpoint gets `/v1/traces` appended; the
 * sampler is one of the six standard names, its argument a ratio in [0, 1]; headers are `key=value` pairs,
 * comma-separated, percent-decoded, and secret (an `Authorization` often rides in them).
 */

/** The standard sampler names (`OTEL_TRACES_SAMPLER`). */
export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TracesSampler = (typeof TRACES_SAMPLERS)[number];

export interface TracingConfig {
  /** Where spans are sent (OTLP over HTTP, JSON): the traces URL itself. */
  readonly tracesUrl: string;
  /** `OTEL_EXPORTER_OTLP_HEADERS` / `OTEL_EXPORTER_OTLP_TRACES_HEADERS` (the latter wins per key). Secret values. */
  readonly headers: Readonly<Record<string, string>>;
  /** `OTEL_SERVICE_NAME`. @default 'svc-ops-monitor' */
  readonly serviceName: string;
  /** `OTEL_TRACES_SAMPLER`. @default 'parentbased_always_on' (the specification's default) */
  readonly sampler: TracesSampler;
  /** `OTEL_TRACES_SAMPLER_ARG` for the ratio samplers. @default 1 */
  readonly ratio: number;
  /** `OTEL_BSP_SCHEDULE_DELAY`: ms between two exports. @default 5000 */
  readonly scheduleDelayMs: number;
  /** `OTEL_BSP_MAX_QUEUE_SIZE`: finished spans held for export; more are dropped. @default 2048 */
  readonly maxQueueSize: number;
  /** `OTEL_BSP_MAX_EXPORT_BATCH_SIZE`. @default 512 */
  readonly maxExportBatchSize: number;
  /** `OTEL_EXPORTER_OTLP_TRACES_TIMEOUT` / `OTEL_EXPORTER_OTLP_TIMEOUT`: ms per export request. @default 10000 */
  readonly exportTimeoutMs: number;
}

export const DEFAULT_SERVICE_NAME = 'svc-ops-monitor';

/**
 * The tracing settings, or undefined (off). `read` gives a trimmed value or undefined for an empty one; problems
 * land in the configuration's one error; `secret` registers a value the log must never show.
 */
export function loadTracingConfig(
  read: (name: string) => string | undefined,
  problems: string[],
  secret: (value: string) => void,
): TracingConfig | undefined {
  const tracesEndpoint = read('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const endpoint = read('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (tracesEndpoint === undefined && endpoint === undefined) return undefined;
  if (flag(read('OTEL_SDK_DISABLED'), 'OTEL_SDK_DISABLED', problems)) return undefined;
  const exporter = read('OTEL_TRACES_EXPORTER') ?? 'otlp';
  if (exporter === 'none') return undefined;
  if (exporter !== 'otlp') problems.push(`OTEL_TRACES_EXPORTER must be otlp or none, got "${exporter}"`);

  const tracesUrl = tracesEndpoint ?? `${endpoint!.replace(/\/+$/, '')}/v1/traces`;
  if (!isHttpUrl(tracesUrl)) {
    const name = tracesEndpoint !== undefined ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT';
    problems.push(`${name} must be an http:// or https:// URL (the collector's OTLP/HTTP endpoint, such as http://collector:4318)`);
  } else if (new URL(tracesUrl).password !== '') {
    problems.push('the OTLP endpoint must not carry a password in its URL (it gets logged); use OTEL_EXPORTER_OTLP_HEADERS');
  }

  const headers = {
    ...otlpHeaders(read('OTEL_EXPORTER_OTLP_HEADERS'), 'OTEL_EXPORTER_OTLP_HEADERS', problems),
    ...otlpHeaders(read('OTEL_EXPORTER_OTLP_TRACES_HEADERS'), 'OTEL_EXPORTER_OTLP_TRACES_HEADERS', problems),
  };
  for (const value of Object.values(headers)) secret(value);

  const samplerSetting = read('OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on';
  const sampler = (TRACES_SAMPLERS as readonly string[]).includes(samplerSetting) ? (samplerSetting as TracesSampler) : undefined;
  if (sampler === undefined) problems.push(`OTEL_TRACES_SAMPLER must be one of ${TRACES_SAMPLERS.join(', ')}, got "${samplerSetting}"`);
  const ratioSetting = read('OTEL_TRACES_SAMPLER_ARG');
  let ratio = 1;
  if (ratioSetting !== undefined) {
    ratio = Number(ratioSetting);
    if (!/^\d*\.?\d+(e-?\d+)?$/i.test(ratioSetting) || !(ratio >= 0 && ratio <= 1)) {
      problems.push(`OTEL_TRACES_SAMPLER_ARG must be a ratio between 0 and 1 (0.01: one trace in a hundred), got "${ratioSetting}"`);
      ratio = 1;
    }
  }

  const timeout =
    read('OTEL_EXPORTER_OTLP_TRACES_TIMEOUT') !== undefined ? 'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT' : 'OTEL_EXPORTER_OTLP_TIMEOUT';
  return {
    tracesUrl,
    headers,
    serviceName: read('OTEL_SERVICE_NAME') ?? DEFAULT_SERVICE_NAME,
    sampler: sampler ?? 'parentbased_always_on',
    ratio,
    scheduleDelayMs: whole(read('OTEL_BSP_SCHEDULE_DELAY'), 'OTEL_BSP_SCHEDULE_DELAY', 1, 600_000, 5000, problems),
    maxQueueSize: whole(read('OTEL_BSP_MAX_QUEUE_SIZE'), 'OTEL_BSP_MAX_QUEUE_SIZE', 1, 1_000_000, 2048, problems),
    maxExportBatchSize: whole(read('OTEL_BSP_MAX_EXPORT_BATCH_SIZE'), 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 1, 1_000_000, 512, problems),
    exportTimeoutMs: whole(read(timeout), timeout, 1, 600_000, 10_000, problems),
  };
}

function flag(value: string | undefined, name: string, problems: string[]): boolean {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower !== 'false') problems.push(`${name} must be true or false, got "${value}"`);
  return false;
}

function whole(value: string | undefined, name: string, min: number, max: number, fallback: number, problems: string[]): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    problems.push(`${name} must be a whole number between ${min} and ${max}, got "${value}"`);
    return fallback;
  }
  return n;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `key=value,key2=value2`, percent-decoded (the specification's W3C Baggage-like format). */
function otlpHeaders(value: string | undefined, name: string, problems: string[]): Record<string, string> {
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  if (value === undefined) return headers;
  for (const part of value.split(',')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    const key = at < 0 ? '' : part.slice(0, at).trim().toLowerCase();
    let decoded: string | undefined;
    try {
      decoded = at < 0 ? undefined : decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      decoded = undefined;
    }
    if (!/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(key) || decoded === undefined || /[\r\n]/.test(decoded)) {
      // The value is not echoed: it is likely a credential.
      problems.push(`${name} must be key=value pairs separated by commas (values percent-encoded); one pair is not`);
      continue;
    }
    headers[key] = decoded;
  }
  return headers;
}
