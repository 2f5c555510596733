import net from 'node:net';

/** One proxied connection: the client's side and the server's side. */
interface Pair {
  id: number;
  client: net.Socket;
  upstream: net.Socket;
  isBlackholed: boolean;
}

/**
 * A TCP proxy in front of the server's sync sockets, so the suite can break
 * connections the way networks do: cut from the server's side (the server
 * notices first), or silently black-holed (nothing flows and nobody is told:
 * only the client's heartbeat can find out). Connects to whatever port the
 * server has now, so clients keep one address across restarts.
 */
export class SocketProxy {
  private readonly pairs = new Map<number, Pair>();
  private nextId = 1;
  private readonly server: net.Server;
  port = 0;

  constructor(private readonly upstreamPort: () => number | null) {
    this.server = net.createServer((client) => this.accept(client));
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  private accept(client: net.Socket) {
    const port = this.upstreamPort();
    client.on('error', () => {});
    if (port === null) {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, '127.0.0.1');
    upstream.on('error', () => {});
    const pair: Pair = { id: this.nextId++, client, upstream, isBlackholed: false };
    this.pairs.set(pair.id, pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      this.pairs.delete(pair.id);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
  }

  /** Connections that still carry traffic. */
  get liveCount(): number {
    let count = 0;
    for (const pair of this.pairs.values()) if (!pair.isBlackholed) count++;
    return count;
  }

  /** Cuts a random live connection at the server's end; answers whether there was one. */
  cutFromServer(pickIndex: (count: number) => number): boolean {
    const pair = this.pickLive(pickIndex);
    if (!pair) return false;
    pair.upstream.destroy();
    return true;
  }

  /**
   * Stops a random live connection from carrying anything, in either
   * direction, without closing it; it is torn down for good after `holdMs`.
   */
  blackhole(pickIndex: (count: number) => number, holdMs: number): boolean {
    const pair = this.pickLive(pickIndex);
    if (!pair) return false;
    pair.isBlackholed = true;
    pair.client.unpipe(pair.upstream);
    pair.upstream.unpipe(pair.client);
    pair.client.pause();
    pair.upstream.pause();
    setTimeout(() => {
      pair.client.destroy();
      pair.upstream.destroy();
    }, holdMs).unref();
    return true;
  }

  private pickLive(pickIndex: (count: number) => number): Pair | undefined {
    const live = [...this.pairs.values()].filter((pair) => !pair.isBlackholed);
    if (live.length === 0) return undefined;
    return live[pickIndex(live.length)];
  }

  async close(): Promise<void> {
    for (const pair of this.pairs.values()) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    this.pairs.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
