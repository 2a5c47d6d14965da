/**
 * The one-origin edge rule of ARCHITECTURE.md, shared by `vite` (dev) and `vite preview`:
 * reads of `/api/*` go to the query-service, writes to the command-service, `/socket.io` to the
 * realtime-gateway, and everything else is the single-page app. docker/nginx.conf encodes the same rule.
 */
export type EdgeRoute = 'query' | 'command' | 'gateway' | 'static';

export type EdgeTargets = Record<Exclude<EdgeRoute, 'static'>, string>;

export interface EdgeConfig {
  port: number;
  targets: EdgeTargets;
}

const readMethods = new Set(['GET', 'HEAD']);

/** True for `prefix` itself and anything below it, but not for `/apix`. */
function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function routeFor(method: string, path: string): EdgeRoute {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (isUnder(pathname, '/socket.io')) return 'gateway';
  if (!isUnder(pathname, '/api')) return 'static';
  return readMethods.has(method.toUpperCase()) ? 'query' : 'command';
}

type Env = Record<string, string | undefined>;

function urlFrom(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    return url.origin;
  } catch {
    throw new Error(`${name} must be an http(s) URL (got ${JSON.stringify(value)})`);
  }
}

function portFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number (got ${JSON.stringify(raw)})`);
  }
  return port;
}

/** Defaults are the local stack's ports (ARCHITECTURE.md, "Local stack and ports"). */
export function edgeConfigFromEnv(env: Env): EdgeConfig {
  return {
    port: portFrom(env, 'WEB_PORT', 5173),
    targets: {
      query: urlFrom(env, 'QUERY_SERVICE_URL', 'http://127.0.0.1:4002'),
      command: urlFrom(env, 'COMMAND_SERVICE_URL', 'http://127.0.0.1:4001'),
      gateway: urlFrom(env, 'REALTIME_GATEWAY_URL', 'http://127.0.0.1:4003'),
    },
  };
}
