/**
 * The floor: a bare uWebSockets.js app that speaks just enough graphql-transport-ws
 * (`connection_init` -> `connection_ack`, `subscribe` -> join one topic, `ping` -> `pong`), and on a
 * publish command does ONE `app.publish(topic, frame)` of a `next` frame of the same shape and size
 * as this server's. Every subscriber gets the same bytes, so its frames carry the id of the shared
 * scheme ("1"); it runs with shared ids only. No auth, no GraphQL, no JSON per subscriber.
 */
import uWS from 'uWebSockets.js';
import { nextFrame, statusChange, SUBPROTOCOL, WS_PATH } from './frames.js';
import { runServerChild } from './serverHost.js';

const TOPIC = 'service-status';
const SERVICE_ID = '5b7c1f4e-2d3a-4c8b-9e6f-0a1b2c3d4e5f';
const ACK = '{"type":"connection_ack"}';
const PONG = '{"type":"pong"}';
const decoder = new TextDecoder();

await runServerChild(async () => {
  if (typeof (uWS as unknown as { getParts?: unknown }).getParts !== 'function') throw new Error('uWebSockets.js native binary not loaded');
  const app = uWS.App();
  app.ws<Record<string, never>>(WS_PATH, {
    compression: uWS.DISABLED,
    maxPayloadLength: 64 * 1024,
    // Generous, so a briefly slow load client is never skipped (uWS drops publishes past this).
    maxBackpressure: 16 * 1024 * 1024,
    idleTimeout: 120,
    upgrade: (res, req, context) => {
      const offered = req
        .getHeader('sec-websocket-protocol')
        .split(',')
        .map((p) => p.trim());
      if (!offered.includes(SUBPROTOCOL)) {
        res.writeStatus('400 Bad Request').end('graphql-transport-ws subprotocol required');
        return;
      }
      res.upgrade({}, req.getHeader('sec-websocket-key'), SUBPROTOCOL, req.getHeader('sec-websocket-extensions'), context);
    },
    message: (ws, message) => {
      let parsed: { type?: unknown; id?: unknown };
      try {
        parsed = JSON.parse(decoder.decode(message)) as typeof parsed;
      } catch {
        ws.end(4400, 'Invalid message');
        return;
      }
      switch (parsed.type) {
        case 'connection_init':
          ws.send(ACK);
          break;
        case 'subscribe':
          if (typeof parsed.id !== 'string') ws.end(4400, 'Invalid message');
          else ws.subscribe(TOPIC);
          break;
        case 'ping':
          ws.send(PONG);
          break;
        case 'complete':
          ws.unsubscribe(TOPIC);
          break;
        default:
          break;
      }
    },
  });
  const listenSocket = await new Promise<uWS.us_listen_socket>((resolve, reject) => {
    app.listen('127.0.0.1', 0, (token) => (token ? resolve(token) : reject(new Error('uWS could not listen'))));
  });
  return {
    port: uWS.us_socket_local_port(listenSocket),
    publish(seq) {
      app.publish(TOPIC, nextFrame('1', statusChange(seq, SERVICE_ID, Date.now())), false, false);
    },
    async close() {
      // Open sockets go with the process (the host exits right after).
      uWS.us_listen_socket_close(listenSocket);
    },
    info: () => ({ subscribers: app.numSubscribers(TOPIC) }),
  };
});
