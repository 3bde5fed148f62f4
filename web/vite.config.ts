/**
 * The console's build: a static single-page app served by the gateway under /app/ (src/plugins/console).
 * No inline scripts and no eval anywhere in the output, so it runs under the production
 * Content-Security-Policy (`script-src 'self'`). Screens are split into their own chunks so the
 * first screen loads only the shell and the hierarchy.
 *
 * `npm run build:web` writes web/dist (what `npm run dev` serves); `npm run build` and `npm start`
 * write it beside the compiled server (dist/web, build/<hash>/web) with `--outDir`.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Everything the browser loads is a file: no data: URLs (CSP default-src 'self') for small assets.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  server: {
    // `npm run dev:web`: Vite's dev server with the API of a server started by `npm run dev`.
    proxy: {
      '/graphql': { target: process.env['SVC_DEV_API'] ?? 'http://127.0.0.1:8080', ws: true },
      '/api': { target: process.env['SVC_DEV_API'] ?? 'http://127.0.0.1:8080' },
    },
  },
  test: {
    root,
    environment: 'jsdom',
    // One jsdom for every file instead of one per file: the per-file environment was 60 of the 65 s of CPU the
    // console's tests took (a file's components are unmounted after each test by testing-library's cleanup,
    // src/testSetup.ts). A test that leaks global state shows up under `--sequence.shuffle`.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testSetup.ts'],
  },
});
