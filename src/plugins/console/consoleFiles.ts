/**
 * The console's build (a Vite build: index.html, assets/*, favicon.svg), read whole into memory
 * once at start. Requests are answered from this map and never name a file on disk, so no path a
 * client sends can reach outside the build. The gzip and brotli forms are the `.gz` / `.br` files
 * the build step wrote beside each file (scripts/startBuild/precompress.mjs): nothing is
 * compressed at start or per request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

export type Encoding = 'br' | 'gzip';

export interface ConsoleFile {
  readonly contentType: string;
  readonly identity: Buffer;
  /** Present when the build step wrote a smaller compressed form. */
  readonly br?: Buffer;
  readonly gzip?: Buffer;
}

/** The build as served: paths relative to the build directory, with `/`. */
export interface ConsoleBuild {
  readonly files: ReadonlyMap<string, ConsoleFile>;
  readonly index: ConsoleFile;
  /** Bytes held (every form), for the start log. */
  readonly bytes: number;
}

export const INDEX_FILE = 'index.html';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** The compressed siblings the build step writes; never served under their own names. */
const COMPRESSED = /\.(gz|br)$/;

/**
 * The build in `dir`, or `undefined` when `dir` holds no index.html (not built there yet).
 * Synchronous: it runs once at start, before the server listens, and reads a few dozen files.
 */
export function loadConsoleBuild(dir: string): ConsoleBuild | undefined {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return undefined;
  }
  const present = new Set(names.map(slashed));
  if (!present.has(INDEX_FILE)) return undefined;
  const files = new Map<string, ConsoleFile>();
  let bytes = 0;
  for (const path of present) {
    if (COMPRESSED.test(path)) continue;
    let identity: Buffer;
    try {
      identity = readFileSync(join(dir, path));
    } catch (error) {
      // A directory (readdir lists them too) is not a file to serve.
      if ((error as NodeJS.ErrnoException).code === 'EISDIR') continue;
      throw error;
    }
    const br = present.has(`${path}.br`) ? readFileSync(join(dir, `${path}.br`)) : undefined;
    const gzip = present.has(`${path}.gz`) ? readFileSync(join(dir, `${path}.gz`)) : undefined;
    bytes += identity.length + (br?.length ?? 0) + (gzip?.length ?? 0);
    files.set(path, { contentType: contentTypeOf(path), identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) });
  }
  return { files, index: files.get(INDEX_FILE)!, bytes };
}

function slashed(path: string): string {
  return path.split('\\').join('/');
}

/**
 * The encoding to answer with: brotli, then gzip, among those the client accepts (`q=0` refuses)
 * and the file has; `undefined` for the file as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined, file: ConsoleFile): Encoding | undefined {
  if (acceptEncoding === undefined || (file.br === undefined && file.gzip === undefined)) return undefined;
  const accepted = acceptedEncodings(acceptEncoding);
  if (file.br !== undefined && accepted.has('br')) return 'br';
  if (file.gzip !== undefined && accepted.has('gzip')) return 'gzip';
  return undefined;
}

function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.split(';');
    const coding = name!.trim().toLowerCase();
    if (coding === '') continue;
    const q = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) refused.add(coding);
    else accepted.add(coding);
  }
  if (accepted.has('*')) {
    for (const coding of ['br', 'gzip']) if (!refused.has(coding)) accepted.add(coding);
  }
  for (const coding of refused) accepted.delete(coding);
  return accepted;
}
