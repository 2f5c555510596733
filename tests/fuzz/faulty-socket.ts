import type WebSocket from 'ws';
import type { Rng } from './prng.ts';

export interface SocketFaultRates {
  /** A server message is delivered twice. */
  duplicateMessage: number;
}

export interface SocketStats {
  messages: number;
  /** Connections that opened and later closed, for whatever reason. */
  closedAfterOpen: number;
  duplicatedMessages: number;
}

/**
 * The browser-shaped socket the sync connection sees (readyState, OPEN,
 * send, close, onopen/onmessage/onclose), around a `ws` client. A server
 * message may be delivered twice. Messages are never swapped: within one
 * connection TCP keeps their order, so reordering is injected where a real
 * network makes it, between HTTP requests (faulty-network.ts).
 */
export class FaultySocket {
  readonly OPEN = 1;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  /** Whether it was ever open (a refused connection is not a disconnect). */
  wasOpen = false;

  constructor(
    readonly inner: WebSocket,
    private readonly rng: Rng,
    private readonly rates: SocketFaultRates,
    private readonly stats: SocketStats,
    private readonly isHealed: () => boolean,
  ) {
    inner.on('open', () => {
      this.wasOpen = true;
      this.onopen?.({});
    });
    inner.on('message', (data) => this.receive(String(data)));
    inner.on('error', () => {
      // 'close' follows; the engine listens to that.
    });
    inner.on('close', () => {
      if (this.wasOpen) this.stats.closedAfterOpen++;
      this.onclose?.({});
    });
  }

  get readyState(): number {
    return this.inner.readyState;
  }

  send(data: string) {
    this.inner.send(data);
  }

  close() {
    this.inner.close();
  }

  /** Drops the connection at once, as a lost network does (no closing handshake). */
  terminate() {
    this.inner.terminate();
  }

  private receive(data: string) {
    this.stats.messages++;
    this.onmessage?.({ data });
    if (!this.isHealed() && this.rng.chance(this.rates.duplicateMessage)) {
      this.stats.duplicatedMessages++;
      this.onmessage?.({ data });
    }
  }
}
