import type WebSocket from 'ws';

/** Resolves when `ws` opens; rejects with `HTTP <status>` when the server refuses the upgrade. */
export function socketOpened(ws: WebSocket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.once('error', reject);
  });
}
