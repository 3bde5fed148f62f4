/**
 * Tracing is off by default and then costs nothing to load (docs/adr/0069-opentelemetry-tracing.md): a server
 * started without `OTEL_EXPORTER_OTLP_ENDPOINT` serves requests without importing any OpenTelemetry SDK
 * package. A module-resolution hook registered before the server's modules load records every module this
 * process resolves; as a check that the hook sees such imports, turning tracing on afterwards does load them.
 */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { MessageChannel } from 'node:worker_threads';

/** Resolved URLs, posted from the loader hooks' thread. */
const resolved: string[] = [];
const channel = new MessageChannel();
channel.port1.on('message', (url: string) => resolved.push(url));
channel.port1.unref();
const HOOKS = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, { data: { port: channel.port2 }, transferList: [channel.port2] });

// Loaded after the hook: every module the server imports, statically or later, passes through it.
const { testBackends } = await import('../../../support/backends.js');
const { startTestServer } = await import('../../../support/testServer.js');
const { startTracing } = await import('../../../../src/platform/tracing/tracing.js');
const { createMemoryLogger } = await import('../../../../src/platform/log/logger.js');
const { systemClock } = await import('../../../../src/platform/scheduler/index.js');
const { startOtlpReceiver } = await import('../../../support/otlpReceiver.js');
const { eventually } = await import('../../../support/polling.js');

const SDK = /\/@opentelemetry\/(sdk-trace-base|sdk-trace|exporter-trace-otlp-http|otlp-exporter-base|resources)\//;
/** A round trip through the hooks' thread: every resolution asked for before it has been posted. */
const hooksCaughtUp = async () => {
  await import(`data:text/javascript,export default ${Date.now()}`);
  await eventually(
    () => (resolved.some((url) => url.startsWith('data:text/javascript,export default')) ? true : undefined),
    'the hook saw the probe',
  );
};

const [backend] = testBackends();

describe('OpenTelemetry tracing off by default', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  before(async () => {
    server = await startTestServer(backend!);
  });
  after(() => server.close());

  it('serves a push without loading any OpenTelemetry SDK package', async () => {
    const push = await server.call('POST', '/api/v1/health/report', { service: 'untraced', nodeId: 'eu/prod/vm/apps', status: 'DOWN' });
    assert.equal(push.status, 200, push.text);
    await hooksCaughtUp();
    assert.ok(resolved.length > 100, `the hook saw the server's modules (${resolved.length})`);
    assert.deepEqual(
      resolved.filter((url) => SDK.test(url)),
      [],
    );
  });

  it('loads the SDK once tracing is configured (the hook sees it)', async () => {
    const collector = await startOtlpReceiver();
    const tracing = await startTracing(
      {
        tracesUrl: `${collector.url}/v1/traces`,
        headers: {},
        serviceName: 'probe',
        sampler: 'always_off',
        ratio: 1,
        scheduleDelayMs: 1000,
        maxQueueSize: 16,
        maxExportBatchSize: 16,
        exportTimeoutMs: 1000,
      },
      { logger: createMemoryLogger('warn'), clock: systemClock, version: 'test' },
    );
    try {
      assert.equal(tracing.enabled, true);
      await hooksCaughtUp();
      assert.ok(resolved.some((url) => SDK.test(url)));
    } finally {
      await tracing.shutdown();
      await collector.close();
    }
  });
});
