/**
 * A request body sent the way an ordinary program sends one: Node's `http` client, which goes on
 * writing the whole body even after an early answer arrived. What a test needs to know is what
 * that client experiences: the answer it read (status and whole body) and any error the request
 * saw up to the moment its connection closed (a reset shows as EPIPE or ECONNRESET there).
 */
import { request, type Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface BodySending {
  /** `declared`: Content-Length; `chunked`: Transfer-Encoding: chunked (the size is found while reading). */
  readonly framing: 'declared' | 'chunked';
  /** A keep-alive agent, or `false` for a connection of its own (the client sends `Connection: close`). */
  readonly agent: Agent | false;
  /** Bytes per write. @default 64 KiB */
  readonly pieceBytes?: number;
  /** A pause after each piece (a slow sender). @default 0 */
  readonly pauseMs?: number;
}

export interface BodySent {
  /** `undefined` when no answer was read. */
  readonly status: number | undefined;
  /** The answer's body as far as it was read. */
  readonly text: string;
  /** The answer was read to its end. */
  readonly complete: boolean;
  /** The first error the request or the answer saw (`EPIPE`, `ECONNRESET`, ...), if any. */
  readonly error: string | undefined;
}

/** POSTs `body` to `url` and resolves once the request's connection is closed or back in the agent's pool. */
export function sendBody(url: string, body: Buffer, headers: Record<string, string>, how: BodySending): Promise<BodySent> {
  const pieceBytes = how.pieceBytes ?? 64 * 1024;
  const framing = how.framing === 'declared' ? { 'content-length': String(body.length) } : { 'transfer-encoding': 'chunked' };
  return new Promise((resolve) => {
    let status: number | undefined;
    let text = '';
    let complete = false;
    let error: string | undefined;
    const fail = (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message);
    const req = request(url, { method: 'POST', agent: how.agent, headers: { ...headers, ...framing } });
    req.on('response', (res) => {
      status = res.statusCode;
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => (complete = true));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.on('close', () => resolve({ status, text, complete, error }));
    void (async () => {
      for (let offset = 0; offset < body.length && !req.destroyed; offset += pieceBytes) {
        if (offset > 0 && how.pauseMs) await sleep(how.pauseMs);
        if (!req.write(body.subarray(offset, offset + pieceBytes)))
          await new Promise((drained) => req.once('drain', drained).once('close', drained));
      }
      if (!req.destroyed) req.end();
    })();
  });
}
