/**
 * The V8 settings the server runs with. `npm start` (package.json) and the release image
 * (Dockerfile) pass them on node's command line (V8 reads them before any code runs, so the server
 * cannot set them itself); the benches start this server with them; test/unit/platform/config/runtimeFlags.test.ts
 * keeps the three equal.
 *
 * `--max-semi-space-size=32` (MiB; V8's default is 16): a request's objects live for the few
 * milliseconds until its group commit, and at a few thousand requests a second a 16 MiB young
 * generation filled in that time, so many survived two scavenges and were promoted, to be
 * collected by the old generation's marking. With 32 MiB they die young, which lowers both the
 * tail latency and the CPU of a write under load (the runs are in
 * docs/adr/0031-release-build-and-runtime-flags.md and bench/README.md). The young generation grows to this size only under load.
 *
 * `--no-incremental-marking-task`: the old generation's marking advances in small steps paid by allocation and on
 * V8's helper threads, never in a task on the main thread. On two cores shared with PostgreSQL the helper threads
 * fell behind and the task finished the marking of a million services' heap (~700 MB) in steps of 380-710 ms: the
 * loop stood still that long every 20-30 s, and syncs queued behind it (p99 0.9 s). Without the task the longest
 * step was 8-17 ms and the sync p99 under 100 ms (docs/adr/0085-no-incremental-marking-task.md).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32', '--no-incremental-marking-task'];
