import { connect, createServer, type Server, type Socket } from 'node:net';
import { Admin } from '@platformatic/kafka';

/**
 * A TCP pipe in front of one real service, for tests that take a dependency away and bring it back:
 * `close()` refuses new connections and cuts the open ones (as a crashed server or a broken network
 * does), `open()` listens again on the same port. Loopback only; the service behind it may be reached
 * at a TCP address or at a Unix socket.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** The upstream connections to a Unix socket, which have no TCP reset to send. */
  private readonly unixSockets = new WeakSet<Socket>();
  private boundPort = 0;
  private readonly target: { host: string; port: number } | { path: string };

  private constructor(target: { host: string; port: number } | { path: string }) {
    this.target = target;
  }

  /**
   * A proxy to `target` ("host:port", or the path of a Unix socket), listening at once unless `closed`
   * is asked for.
   */
  static async start(target: string, options: { closed?: boolean } = {}): Promise<TcpProxy> {
    const [host = '', port = ''] = target.split(/:(?=\d+$)/);
    const proxy = new TcpProxy(target.startsWith('/') ? { path: target } : { host, port: Number(port) });
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
    for (const socket of this.sockets) {
      if (this.unixSockets.has(socket)) socket.destroy();
      else socket.resetAndDestroy();
    }
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private pipe(client: Socket): void {
    const upstream =
      'path' in this.target ? connect(this.target.path) : connect(this.target.port, this.target.host);
    if ('path' in this.target) this.unixSockets.add(upstream);
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

/** The brokers of a Kafka cluster, each behind its own proxy, and the environment that routes a service through them. */
export interface KafkaProxies {
  /** `KAFKA_BROKERS` and `KAFKA_CONNECT_OVERRIDES` for the service under test. */
  env: { KAFKA_BROKERS: string; KAFKA_CONNECT_OVERRIDES: string };
  open(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Puts every broker of the cluster behind a TcpProxy. A broker hands out its advertised address, which
 * a client then dials directly; the overrides send those dials to the proxies too, so closing them cuts
 * the service off from Kafka entirely.
 */
export async function proxyKafka(
  brokers: string[],
  options: { closed?: boolean } = {},
): Promise<KafkaProxies> {
  const admin = new Admin({ clientId: 'test-kafka-proxy', bootstrapBrokers: brokers });
  let advertised: string[];
  try {
    const { brokers: found } = await admin.metadata({ topics: [] });
    advertised = [...found.values()].map((b) => `${b.host}:${b.port}`);
  } finally {
    await admin.close();
  }
  const proxies = await Promise.all(advertised.map((address) => TcpProxy.start(address, options)));
  return {
    env: {
      KAFKA_BROKERS: proxies.map((p) => p.address).join(','),
      KAFKA_CONNECT_OVERRIDES: advertised.map((address, i) => `${address}=${proxies[i]?.address}`).join(','),
    },
    open: async () => {
      await Promise.all(proxies.map((p) => p.open()));
    },
    close: async () => {
      await Promise.all(proxies.map((p) => p.close()));
    },
  };
}

/**
 * A proxy in front of the Postgres of `databaseUrl`, and the URL that reaches it through the proxy. A
 * `host` parameter that is a folder (libpq's form, the local stack's) is where the server's Unix socket
 * is, named after the port; the proxy's URL drops it.
 */
export async function proxyPostgres(
  databaseUrl: string,
  options: { closed?: boolean } = {},
): Promise<{ proxy: TcpProxy; databaseUrl: string }> {
  const url = new URL(databaseUrl);
  const port = url.port || '5432';
  const socketDir = url.searchParams.get('host');
  const proxy = await TcpProxy.start(
    socketDir?.startsWith('/') ? `${socketDir}/.s.PGSQL.${port}` : `${url.hostname}:${port}`,
    options,
  );
  url.searchParams.delete('host');
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, databaseUrl: url.toString() };
}
