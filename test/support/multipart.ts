/**
 * multipart/form-data bodies built byte by byte, so a test controls exactly what a client sends
 * (file names with NUL, slashes or quotes, which a FormData would rewrite), and sent with fetch or
 * chunked through Node's client (no Content-Length: the server finds the size while streaming).
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';

export interface Part {
  /** The form field's name. @default 'file' */
  readonly name?: string;
  /** A file part when set (sent as RFC 5987 `filename*`, so any character goes through as it is). */
  readonly filename?: string;
  readonly contentType?: string;
  readonly data: Buffer | string;
}

export interface MultipartBody {
  readonly body: Buffer;
  readonly contentType: string;
}

const encode5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function multipart(parts: readonly Part[]): MultipartBody {
  const boundary = `----svc-test-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = [`form-data; name="${part.name ?? 'file'}"`];
    if (part.filename !== undefined) disposition.push(`filename*=UTF-8''${encode5987(part.filename)}`);
    let head = `--${boundary}\r\nContent-Disposition: ${disposition.join('; ')}\r\n`;
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs `body` chunked (no Content-Length) in 64 KiB pieces, respecting back-pressure; a reset after the answer is not an error. */
export function postChunked(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, text }));
      res.on('error', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    let offset = 0;
    const pump = () => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + 64 * 1024);
        offset += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}
