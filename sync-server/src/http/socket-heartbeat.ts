import type { WebSocket, WebSocketServer } from 'ws';

/**
 * Pings every socket of `sockets` each `intervalMs`; a socket that neither
 * answered the last ping nor sent anything since is terminated (a dead
 * network never says goodbye). `track` starts watching a new socket.
 */
export function startHeartbeat(sockets: WebSocketServer, intervalMs: number) {
  const alive = new WeakSet<WebSocket>();
  const timer = setInterval(() => {
    for (const ws of sockets.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, intervalMs);
  timer.unref();
  return {
    track(ws: WebSocket) {
      alive.add(ws);
      const markAlive = () => alive.add(ws);
      ws.on('pong', markAlive);
      ws.on('message', markAlive);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
