/**
 * What the WebSocket edge did since start: sockets opened and closed, frames handed to uWS and what
 * uWS said of each (written, queued behind backpressure, dropped). Plain counters, incremented where the
 * socket is touched (uws.ts, webSocketClient.ts) and read by the metrics when scraped.
 */

/** uWS `WebSocket.send` results (its typings: 1 written, 0 queued behind backpressure, 2 dropped over the limit). */
const QUEUED = 0;
const DROPPED = 2;

export class SocketStats {
  opened = 0;
  closed = 0;
  /** Frames given to uWS for a socket: direct sends, and one per subscriber of a topic publish. */
  framesSent = 0;
  /** Sends that found the socket's buffer not empty: the client reads slower than it is written to. */
  framesQueued = 0;
  /** Sends uWS refused because the socket's buffer was over its limit (the socket is closed then). */
  framesDropped = 0;

  get open(): number {
    return this.opened - this.closed;
  }

  /** Counts one send by what `ws.send` answered. */
  sent(result: unknown): void {
    if (result === DROPPED) {
      this.framesDropped += 1;
      return;
    }
    this.framesSent += 1;
    if (result === QUEUED) this.framesQueued += 1;
  }
}
