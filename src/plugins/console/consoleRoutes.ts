/**
 * The console under /app/: a single-page app, so every path below /app that is not a file of the
 * build answers index.html and the console's router shows the screen (or its "Not found"). Files
 * under assets/ carry a content hash in their names and are cached for good; everything else is
 * revalidated on every load so a new release is picked up at once.
 */
import { errorReply, type Reply } from '../../platform/gateway/http.js';
import { REST_OF_PATH, type Route } from '../../platform/gateway/routes.js';
import { chooseEncoding, type ConsoleBuild, type ConsoleFile } from './consoleFiles.js';

export const CONSOLE_BASE = '/app';
const ASSETS = 'assets';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export const NOT_BUILT_MESSAGE = 'the console is not built here: run npm run build:web (or npm start)';

/**
 * Two prefixes: assets, exempt from the rate limit (a browser fetches each hashed file once and keeps
 * it; counted, a first page load would spend the burst its API calls need), and the rest of /app.
 */
export function consoleRoutes(build: ConsoleBuild | undefined): Route[] {
  const notBuilt = async (): Promise<Reply> => errorReply(503, NOT_BUILT_MESSAGE);
  const route = (path: string, rateLimited: boolean, handle: Route['handle']): Route => ({
    method: 'GET',
    path,
    auth: 'none',
    rateLimited,
    bodyLimit: 0,
    handle,
  });
  if (build === undefined) {
    return [route(`${CONSOLE_BASE}/${ASSETS}/*`, false, notBuilt), route(`${CONSOLE_BASE}/*`, true, notBuilt)];
  }
  return [
    route(`${CONSOLE_BASE}/${ASSETS}/*`, false, async ({ head, params }) => {
      const path = `${ASSETS}/${params[REST_OF_PATH]}`;
      const file = lookup(build, path);
      if (file === undefined)
        return errorReply(404, `no console file ${head.path}: the console may have been updated since this page was loaded; reload it`);
      return fileReply(file, IMMUTABLE, head.headers['accept-encoding']);
    }),
    route(`${CONSOLE_BASE}/*`, true, async ({ head, params }) => {
      const file = lookup(build, params[REST_OF_PATH]!) ?? build.index;
      return fileReply(file, REVALIDATE, head.headers['accept-encoding']);
    }),
  ];
}

/** A file of the build by its path as sent (percent-encoded or not); never a file outside the map. */
function lookup(build: ConsoleBuild, path: string): ConsoleFile | undefined {
  if (path === '') return undefined;
  const file = build.files.get(path);
  if (file !== undefined || !path.includes('%')) return file;
  try {
    return build.files.get(decodeURIComponent(path));
  } catch {
    return undefined;
  }
}

function fileReply(file: ConsoleFile, cacheControl: string, acceptEncoding: string | undefined): Reply {
  const encoding = chooseEncoding(acceptEncoding, file);
  const compressible = file.br !== undefined || file.gzip !== undefined;
  const headers: Record<string, string> = { 'content-type': file.contentType, 'cache-control': cacheControl };
  if (compressible) headers['vary'] = 'accept-encoding';
  if (encoding !== undefined) headers['content-encoding'] = encoding;
  return { status: 200, headers, body: encoding === undefined ? file.identity : file[encoding]! };
}
