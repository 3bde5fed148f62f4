/**
 * The floor the ingest bench measures against: a bare uWebSockets.js server that reads each
 * request's body and answers 200 with a small JSON body, storing nothing (no parsing, no key check,
 * no database). What any uWS server pays per request for the socket, HTTP parsing and the answer;
 * this server's CPU per push is reported as a multiple of it.
 *
 *   FLOOR_HOST=127.0.0.1 FLOOR_PORT=0 node --import tsx bench/reference/uwsFloor.ts
 *
 * Prints one JSON line `{"msg":"listening","url":...}` when ready; stops on SIGTERM.
 */
import uWS from 'uWebSockets.js';

const host = process.env['FLOOR_HOST'] ?? '127.0.0.1';
const port = Number(process.env['FLOOR_PORT'] ?? 0);
const ANSWER = '{"success":true}';

const app = uWS.App();
app.any('/*', (res) => {
  let aborted = false;
  res.onAborted(() => {
    aborted = true;
  });
  res.onData((_chunk, isLast) => {
    if (!isLast || aborted) return;
    res.cork(() => {
      res.writeStatus('200 OK');
      res.writeHeader('content-type', 'application/json');
      res.end(ANSWER);
    });
  });
});
app.listen(host, port, (socket) => {
  if (!socket) {
    process.stderr.write(`cannot listen on ${host}:${port}\n`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify({ msg: 'listening', url: `http://${host}:${uWS.us_socket_local_port(socket)}` })}\n`);
  process.on('SIGTERM', () => {
    uWS.us_listen_socket_close(socket);
    process.exit(0);
  });
});
