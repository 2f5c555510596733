/**
 * The V8 flags the server's process runs with: `npm run serve`, the
 * Dockerfile's CMD and the chat bench's copy of the server all use them
 * (node-flags.test.ts checks the first two). `npm run dev` does not.
 *
 * `--max-semi-space-size=32` (MB; V8's default on 64-bit is 16). A chat
 * message keeps a few small objects alive for a fraction of a second: the
 * relay waits for its commit, and the inbox columns and the notification
 * are written 100 ms later. With the default young generation, scavenges
 * came every ~0.5 s, so many of those objects lived through two scavenges
 * and were promoted. The old generation already holds ~40 MB of app, so it
 * then needed a mark-compact every ~3 s under chat load: 15 ms of marking
 * and a 5–8 ms pause each. Those set the chat socket's p99. In paired bench
 * runs, (a)'s p99 was 0.56–1.20× the reference's with 32 MB, against
 * 1.54–1.93× with the default (decision 016).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'] as const;
