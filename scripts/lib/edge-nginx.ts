/**
 * The local edge: nginx (Debian's package) run with docker/nginx.conf, the edge of docker-compose.yml,
 * so `npm start` and the browser tests get the same routing, headers, caching and compression as a
 * compose deployment. Only what names a place differs, each replaced exactly once: the upstreams'
 * addresses (loopback ports instead of compose's service names, no Docker resolver), the listening
 * address, and the folder of the built app. The result is wrapped in the main context a whole nginx
 * configuration needs (the compose image has its own nginx.conf around conf.d/default.conf).
 *
 *   node scripts/lib/edge-nginx.ts <prefix folder> [listen] [command] [query] [gateway]
 * writes <prefix>/nginx.conf and prints its path; `nginx -p <prefix> -c nginx.conf` runs it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const COMPOSE_EDGE = `${ROOT}docker/nginx.conf`;
export const APP_DIST = `${ROOT}frontend/dist`;

export interface LocalEdge {
  /** Where nginx keeps its pid file and temporary files. */
  prefix: string;
  /** `host:port` nginx listens on. */
  listen: string;
  /**
   * `host:port` of each service, or of each of its copies, comma-separated (`REPLICAS=2 npm start`):
   * the upstream spreads requests over them and leaves a copy out for 2 s after it failed to answer.
   */
  upstreams: { command: string; query: string; gateway: string };
  /** The built app (vite build's outDir). */
  root?: string;
  /** EDGE_SECRET, sent to the services as X-Edge-Secret (docker/nginx.conf's `${EDGE_SECRET}`). */
  secret: string;
}

/** Where docker/nginx.conf names the edge's secret (the nginx image's envsubst syntax). */
export const EDGE_SECRET_PLACEHOLDER = ['$', '{EDGE_SECRET}'].join('');

/** docker/nginx.conf's upstream name and compose service of each edge route. */
const upstreamOf = {
  query: { name: 'query_service', service: 'query-service' },
  command: { name: 'command_service', service: 'command-service' },
  gateway: { name: 'realtime_gateway', service: 'realtime-gateway' },
} as const;

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? [];
  if (matches.length !== 1) {
    throw new Error(`docker/nginx.conf: expected one ${what}, found ${matches.length}`);
  }
  return text.replace(pattern, replacement);
}

/** The server and upstream blocks of docker/nginx.conf, placed on this machine. */
export function localServerConfig(edge: LocalEdge, composeEdge = readFileSync(COMPOSE_EDGE, 'utf8')): string {
  let text = replaceOnce(composeEdge, /^\s*resolver\s[^;]*;\n/m, '', 'resolver');
  for (const [route, { name, service }] of Object.entries(upstreamOf)) {
    const targets = edge.upstreams[route as keyof typeof upstreamOf].split(',').filter(Boolean);
    if (targets.length === 0) throw new Error(`the edge: no address for the ${route} upstream`);
    const servers = targets
      .map((target) => `server ${target}${targets.length > 1 ? ' max_fails=1 fail_timeout=2s' : ''};`)
      .join('\n    ');
    text = replaceOnce(
      text,
      new RegExp(`(upstream\\s+${name}\\s*\\{[^}]*?)server\\s+${service}:\\d+\\s+resolve;`),
      `$1${servers}`,
      `server line of upstream ${name}`,
    );
  }
  // The compose image fills this in from its environment as it starts; here it is filled in at once.
  if (!/^[A-Za-z0-9_-]{32,}$/.test(edge.secret)) {
    throw new Error(
      'EDGE_SECRET: expected at least 32 letters, digits, - or _ (scripts/secrets.sh writes one)',
    );
  }
  if (!text.includes(EDGE_SECRET_PLACEHOLDER)) {
    throw new Error(`docker/nginx.conf: expected ${EDGE_SECRET_PLACEHOLDER}, found none`);
  }
  text = text.replaceAll(EDGE_SECRET_PLACEHOLDER, edge.secret);
  text = replaceOnce(text, /^(\s*)listen\s+80;/m, `$1listen ${edge.listen};`, 'listen 80');
  text = replaceOnce(
    text,
    /^(\s*)root\s+\/usr\/share\/nginx\/html;/m,
    `$1root "${edge.root ?? APP_DIST}";`,
    'root',
  );
  return text;
}

/**
 * The user nginx's workers run as when it is started as root: www-data, when that user can read the
 * built app and its own folder (the usual case); root otherwise, as in a checkout under a folder only
 * root may enter, where www-data would answer every file with 403.
 */
export function workerUser(edge: LocalEdge): string {
  const readable = (path: string) => {
    try {
      execFileSync('runuser', ['-u', 'www-data', '--', 'test', '-r', path], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  return readable(`${edge.root ?? APP_DIST}/index.html`) && readable(edge.prefix) ? 'www-data' : 'root';
}

/**
 * A whole nginx.conf: one worker per core, in the foreground (its supervisor keeps it running),
 * errors on stderr (the supervisor's log), every file it writes under `prefix`. Run as root, its
 * workers drop to `user` (workerUser), which reads the built app and nothing of .stack/ but its own
 * folder.
 */
export function localEdgeConfig(
  edge: LocalEdge,
  composeEdge?: string,
  user: string | null = userInfo().uid === 0 ? workerUser(edge) : null,
): string {
  const prefix = edge.prefix.replace(/\/+$/, '');
  return `# Made by scripts/lib/edge-nginx.ts from docker/nginx.conf on every start: edit that file, not this.
${user ? `user ${user} ${user};\n` : ''}worker_processes auto;
daemon off;
pid "${prefix}/nginx.pid";
error_log stderr warn;

events {
    worker_connections 1024;
}

http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65;
    client_body_temp_path "${prefix}/tmp/body";
    proxy_temp_path "${prefix}/tmp/proxy";
    fastcgi_temp_path "${prefix}/tmp/fastcgi";
    uwsgi_temp_path "${prefix}/tmp/uwsgi";
    scgi_temp_path "${prefix}/tmp/scgi";

${localServerConfig(edge, composeEdge)}}
`;
}

/**
 * Writes `<prefix>/nginx.conf` and returns its path. nginx makes the temporary folders in `tmp/` itself
 * at start, owned by its workers' user.
 */
export function writeLocalEdgeConfig(edge: LocalEdge): string {
  mkdirSync(`${edge.prefix}/tmp`, { recursive: true });
  const path = `${edge.prefix}/nginx.conf`;
  // It holds the edge's secret: readable by its owner only (nginx's master reads it, never a worker).
  writeFileSync(path, localEdgeConfig(edge), { mode: 0o600 });
  chmodSync(path, 0o600);
  return path;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [
    prefix,
    listen = '127.0.0.1:5173',
    command = '127.0.0.1:4001',
    query = '127.0.0.1:4002',
    gateway = '127.0.0.1:4003',
  ] = process.argv.slice(2);
  if (!prefix) {
    console.error(
      'usage: node scripts/lib/edge-nginx.ts <prefix folder> [listen] [command] [query] [gateway]',
    );
    process.exit(2);
  }
  const secret = process.env.EDGE_SECRET;
  if (!secret) {
    console.error('EDGE_SECRET is not set: scripts/lib/common.sh loads it from .stack/secrets.env');
    process.exit(2);
  }
  console.log(writeLocalEdgeConfig({ prefix, listen, upstreams: { command, query, gateway }, secret }));
}
