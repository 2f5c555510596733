/** How much one slab holds: a signed-in feed page (about 37 KB) takes a seventh of it. */
const SLAB_BYTES = 256 * 1024;
/** Larger answers get a buffer of their own: one of them would leave little of a slab for others. */
const LARGEST_SLICE = SLAB_BYTES / 4;

let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let used = 0;

/**
 * Uninitialised bytes for an answer built on every request (the signed-in
 * feed page with the viewer's saves in it), cut one after another from a
 * shared 256 KB slab, as Node's own Buffer pool does for sizes under 4 KB.
 * A buffer of its own per answer cost a signed-in feed page about 10 µs of
 * server CPU more (issue 25, tests/bench/feed.bench.ts: 72–90 µs a request
 * against 57–62 µs, 50 connections).
 *
 * A slice is never handed out twice, so bytes still queued on a slow socket
 * are never overwritten; a slab is freed by the garbage collector once none
 * of its slices is referenced. The cost: one slow reader keeps its whole slab
 * (at most 256 KB) alive. The caller must write every byte.
 */
export function allocResponseBytes(size: number): Buffer<ArrayBuffer> {
  if (size > LARGEST_SLICE) return Buffer.allocUnsafe(size);
  if (used + size > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    used = 0;
  }
  const bytes = slab.subarray(used, used + size);
  // Slices start 8-byte aligned, as the pool's do.
  used += (size + 7) & ~7;
  return bytes;
}
