/**
 * A real server (startTestServer: production mode, so the production CSP is on) serving the console
 * built from the current web/ sources, with the bootstrap admin of graphql.ts.
 */
import type { Backend } from './backends.js';
import { builtConsole } from './consoleBuild.js';
import { BOOTSTRAP_ENV } from './graphql.js';
import { startTestServer, type TestServer, type TestServerOptions } from './testServer.js';

export interface ConsoleServer extends TestServer {
  /** `http://127.0.0.1:<port>/app/`, with the trailing slash. */
  readonly consoleUrl: string;
}

/** `options.env` is added to (and may override) SVC_CONSOLE_DIR and the bootstrap admin's settings. */
export async function startConsoleServer(backend: Backend, options: TestServerOptions = {}): Promise<ConsoleServer> {
  const dir = await builtConsole();
  const server = await startTestServer(backend, { ...options, env: { SVC_CONSOLE_DIR: dir, ...BOOTSTRAP_ENV, ...options.env } });
  return Object.assign(server, { consoleUrl: `${server.url}/app/` });
}
