import * as Y from 'yjs';

/**
 * The two y-protocols frames the chat engine reads or writes itself, built by
 * hand so the app needs no direct lib0 dependency. A sync frame is
 * `varuint messageSync (0)`, `varuint step`, `varuint8array payload`.
 */
export const MESSAGE_SYNC = 0;
export const SYNC_STEP_1 = 0;
export const SYNC_STEP_2 = 1;

function varUint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push(0x80 | (rest & 0x7f));
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}

/** Sync step 1 (our state vector): the server answers it with a step 2, after everything we sent before it. */
export function syncStep1Frame(doc: Y.Doc): Uint8Array {
  const vector = Y.encodeStateVector(doc);
  return Uint8Array.from([MESSAGE_SYNC, SYNC_STEP_1, ...varUint(vector.length), ...vector]);
}

/** The step of a sync frame whose type byte was already read (steps are 0–2, so one byte). */
export function peekSyncStep(decoder: { arr: Uint8Array; pos: number }): number | undefined {
  return decoder.arr[decoder.pos];
}
