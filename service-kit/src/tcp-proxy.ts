import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP pipe in front of one real service, for tests that take a dependency away and bring it back:
 * `close()` refuses new connections and cuts the open ones (as a crashed server or a broken network
 * does), `open()` listens again on the same port. Loopback only.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private boundPort = 0;
  private readonly target: { host: string; port: number };

  private constructor(target: { host: string; port: number }) {
    this.target = target;
  }

  /** A proxy to `target` ("host:port"), listening at once unless `closed` is asked for. */
  static async start(target: string, options: { closed?: boolean } = {}): Promise<TcpProxy> {
    const [host = '', port = ''] = target.split(/:(?=\d+$)/);
    const proxy = new TcpProxy({ host, port: Number(port) });
    if (options.closed) {
      // Reserve a free port for later: listen once to learn it, then stop listening.
      await proxy.open();
      await proxy.close();
    } else {
      await proxy.open();
    }
    return proxy;
  }

  get port(): number {
    return this.boundPort;
  }

  /** `127.0.0.1:<port>`: what the service under test is told its dependency is. */
  get address(): string {
    return `127.0.0.1:${this.boundPort}`;
  }

  get isOpen(): boolean {
    return this.server !== null;
  }

  async open(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => this.pipe(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.boundPort, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    if (address && typeof address === 'object') this.boundPort = address.port;
    this.server = server;
  }

  /** Stops listening and resets every open connection. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    this.sockets.add(client);
    this.sockets.add(upstream);
    const end = () => {
      this.sockets.delete(client);
      this.sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
