/**
 * The V8 settings the server runs with. `npm start` (package.json) and the release image
 * (Dockerfile) pass them on node's command line (V8 reads them before any code runs, so the server
 * cannot set them itself); the benches start this server with them; test/unit/platform/config/runtimeFlags.test.ts
 * keeps the three equal.
 *
 * `--max-semi-space-size=32` (MiB; V8's default is 16): a request's objects live for the few
 * milliseconds until its group commit, and at a few thousand requests a second a 16 MiB young
 * generation filled in that time, so many survived two scavenges and were promoted, to be
 * collected by the old generation's marking. With 32 MiB they die young: `createTicket`'s p99 at a
 * paced load fell from 44-70 ms to 19 ms and its CPU by about 5 % (docs/decisions.md "Runtime
 * flags"). The young generation grows to this size only under load.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
