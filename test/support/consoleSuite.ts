/**
 * The usual frame of a browser suite: one console server (embedded database, production mode) and one
 * chromium for the file, started in `before` and closed in `after` with every page opened through it.
 * Call it inside `describeInBrowser`; a suite's own setup goes in a `before` after it.
 */
import { after, before } from 'node:test';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { embeddedBackend } from './backends.js';
import { launchBrowser, openConsolePage, type ConsolePage } from './browser.js';
import { startConsoleServer, type ConsoleServer } from './consoleServer.js';
import type { TestServerOptions } from './testServer.js';

export interface ConsoleSuite {
  /** The server, once `before` ran. */
  readonly server: ConsoleServer;
  readonly browser: Browser;
  /** A new browser context with one page (`options` as Playwright's), closed after the suite. */
  open(options?: BrowserContextOptions): Promise<ConsolePage>;
}

export function consoleSuite(serverOptions: TestServerOptions = {}): ConsoleSuite {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  const opened: ConsolePage[] = [];
  before(async () => {
    [server, browser] = await Promise.all([startConsoleServer(embeddedBackend, serverOptions), launchBrowser()]);
  });
  after(async () => {
    await Promise.all(opened.map((page) => page.close()));
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the console suite has not started yet: use it inside a test or a later before hook');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    async open(options?: BrowserContextOptions) {
      const page = await openConsolePage(started(browser), options);
      opened.push(page);
      return page;
    },
  };
}
