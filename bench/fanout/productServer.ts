/**
 * This server, as a fan-out variant: the product itself (`startServer` from src/app.ts, configured
 * from the SVC_* environment the bench sets, as src/main.ts does), in its own process so its CPU
 * and memory can be read. Its events come through the real path: the bench sends health pushes
 * (POST /api/v1/health/report) that flip one service between DOWN and OPERATIONAL with
 * `message` = the sequence number; the actor changes, the batch writer commits, and the event bus
 * publishes `service.status_changed` after the commit, which the realtime module fans out.
 *
 * The publish stamp is taken when the bus's `publish` is called for that event, before any of its
 * subscribers (the fan-out among them) runs: `bus.publish` is wrapped here. The commit itself is
 * not in the latency (it is in the CPU figures).
 */
import { startServer } from '../../src/app.js';
import { loadProductConfig } from '../../src/plugins/productModules.js';
import type { DomainEvent } from '../../src/platform/events/domainEvents.js';
import { createLogger } from '../../src/platform/log/logger.js';
import { runServerChild } from './serverHost.js';

await runServerChild(async (stamps) => {
  const config = loadProductConfig(process.env);
  const logger = createLogger({ level: config.logLevel });
  const server = await startServer(config, { logger, version: 'bench' });
  let statusEvents = 0;
  let foreignMessages = 0;
  const bus = server.bus;
  const publish = bus.publish.bind(bus);
  bus.publish = (event: DomainEvent) => {
    if (event.type === 'service.status_changed') {
      const seq = Number(event.message);
      if (Number.isInteger(seq) && seq > 0) stamps.record(seq);
      else foreignMessages += 1;
      statusEvents += 1;
    }
    publish(event);
  };
  return {
    port: server.port,
    close: () => server.close(),
    info: () => ({ statusEvents, foreignMessages }),
  };
});
