/**
 * Where `GET /metrics` is served (docs/adr/0055): nowhere unless SVC_METRICS_TOKEN or SVC_METRICS_ADDRESS
 * is set; with an address, on a listener of its own there (the same gateway as the main port: uws.ts,
 * the pipeline, `{"error"}` refusals), behind the token too when one is set; with only a token, on the
 * main port behind it. A metrics listener answers nothing else.
 */
import type { MetricsConfig } from '../config/config.js';
import { createGatewayApplication, type GatewayOptions } from '../gateway/gatewayApplication.js';
import { Router, type GatewayRoute } from '../gateway/routes.js';
import { startHttpServer, type RunningHttpServer } from '../gateway/uws.js';
import type { Logger } from '../log/logger.js';
import { METRICS_PATH, metricsRoute } from './metricsRoute.js';
import type { MetricsRegistry } from './metricsRegistry.js';
import { instrumentRuntime } from './runtimeMetrics.js';

export interface MetricsEndpoint {
  /** For the main port's router: `GET /metrics` when it is served there. */
  readonly routes: readonly GatewayRoute[];
  /** Closes the catalog, starts the runtime's metrics and, with an address of its own, its listener. */
  listen(gateway: Omit<GatewayOptions, 'router'>, logger: Logger): Promise<void>;
  /** The port of the listener of its own, once it listens. */
  readonly port: number | undefined;
  /** Stops the listener of its own (nothing for the main port's route). */
  close(): void;
}

export function metricsEndpoint(metrics: MetricsRegistry, config: MetricsConfig): MetricsEndpoint {
  instrumentRuntime(metrics);
  const onMain = config.enabled && config.address === undefined;
  const route = () => metricsRoute({ metrics, token: config.token, rateLimited: config.address === undefined });
  let listener: RunningHttpServer | undefined;
  return {
    routes: onMain ? [route()] : [],
    async listen(gateway, logger) {
      metrics.seal();
      if (!config.enabled) {
        logger.info('metrics are off: set SVC_METRICS_TOKEN or SVC_METRICS_ADDRESS to serve GET /metrics', {});
        return;
      }
      const { address } = config;
      if (address === undefined) {
        logger.info('metrics served on the main port behind SVC_METRICS_TOKEN', { path: METRICS_PATH });
        return;
      }
      const application = createGatewayApplication({ ...gateway, router: new Router([route()]) });
      listener = await startHttpServer({ host: address.host, port: address.port, application });
      const host = address.host.includes(':') ? `[${address.host}]` : address.host;
      logger.info('metrics listening', {
        url: `http://${host}:${listener.port}${METRICS_PATH}`,
        token: config.token === undefined ? 'none (the address is the protection)' : 'SVC_METRICS_TOKEN',
      });
    },
    get port() {
      return listener?.port;
    },
    close() {
      listener?.stopAccepting();
      listener?.closeConnections();
    },
  };
}
