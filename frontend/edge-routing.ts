import { readFileSync } from 'node:fs';
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
  /**
   * EDGE_SECRET, sent to the services as `X-Edge-Secret`: only then do they believe the address this
   * edge names. Without it (vite run by hand, outside the scripts) every client counts as loopback.
   */
  secret?: string;
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
    ...(env.EDGE_SECRET?.trim() ? { secret: env.EDGE_SECRET.trim() } : {}),
  };
}

/**
 * The Content-Security-Policy of the app's HTML, for the dev server, `vite preview` and
 * docker/nginx.conf alike (a test holds nginx to this text). No inline script anywhere in production:
 * index.html loads one module and the build emits files. Images may be `blob:` (a chosen picture
 * previewed before upload) and `data:`.
 *
 * Development relaxes two things, and only there: Vite's dev client and React's refresh preamble are
 * inline scripts, and Vite injects each CSS module as a <style> element, so `'unsafe-inline'` is
 * allowed for scripts and styles on the dev server. `vite preview` serves the built app under the
 * strict policy.
 */
export function contentSecurityPolicy(mode: 'production' | 'development'): string {
  const inline = mode === 'development' ? " 'unsafe-inline'" : '';
  return [
    "default-src 'self'",
    `script-src 'self'${inline}`,
    `style-src 'self'${inline}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers of every answer the edge serves itself (the app, its assets): the CSP, no framing (the old
 * X-Frame-Options too), no MIME sniffing, no referrer beyond our origin. HSTS is left to whatever
 * terminates TLS: these edges speak plain http.
 */
export function edgeSecurityHeaders(mode: 'production' | 'development'): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(mode),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/**
 * What the dev server may read from disk: the app, the contracts it imports, and installed packages.
 * Vite's default is the whole workspace, which includes the local stack's data directory (.stack:
 * Postgres files with password hashes, logs, the Redis dump) - readable through `/@fs/...`. The deny
 * list also covers secrets that could appear inside the allowed folders.
 */
export function devFileAccess(
  repoRoot: string,
  workspaces: readonly string[] = workspacesOf(repoRoot),
): { allow: string[]; deny: string[] } {
  const root = repoRoot.replace(/\/+$/, '');
  // npm links each workspace into node_modules/@careers/, so the services' sources sit under the
  // allowed node_modules too: every workspace but the app and its contracts is denied there.
  const hidden = workspaces.filter((name) => name !== 'frontend' && name !== 'contracts');
  return {
    allow: [`${root}/frontend`, `${root}/contracts`, `${root}/node_modules`],
    deny: [
      '.env',
      '.env.*',
      '*.{crt,pem,key,p12,pfx}',
      '**/.git/**',
      '**/.stack/**',
      '**/*.rdb',
      '**/*.log',
      ...hidden.map((name) => `**/node_modules/@careers/${name}/**`),
    ],
  };
}

/** The root package.json's workspaces (folder names). */
function workspacesOf(repoRoot: string): string[] {
  const manifest = JSON.parse(readFileSync(`${repoRoot.replace(/\/+$/, '')}/package.json`, 'utf8')) as {
    workspaces?: string[];
  };
  return manifest.workspaces ?? [];
}
