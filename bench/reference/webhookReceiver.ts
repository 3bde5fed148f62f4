/**
 * The webhook bench's receiver, its own process so its CPU is not the server's or the load
 * generator's: answers every delivery 204 at once, checks X-Svc-Signature over the exact bytes
 * (RECEIVER_SECRET), and counts deliveries per (event id, webhook) to find duplicates. GET /stats
 * returns the counts. Prints `{"msg":"listening","url":...}` like the servers.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const secret = process.env['RECEIVER_SECRET'] ?? '';
const seen = new Map<string, number>();
const counts = { total: 0, duplicates: 0, badSignatures: 0, events: new Set<string>() };

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        total: counts.total,
        duplicates: counts.duplicates,
        badSignatures: counts.badSignatures,
        events: counts.events.size,
      }),
    );
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const id = String(req.headers['webhook-id']);
    const key = `${id} ${req.url}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    counts.total += 1;
    counts.events.add(id);
    if (n > 1) counts.duplicates += 1;
    if (secret !== '' && req.headers['x-svc-signature'] !== `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`)
      counts.badSignatures += 1;
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
