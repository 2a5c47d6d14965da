/**
 * docker-compose.yml cannot be run here (no Docker engine), so this keeps it honest instead: the
 * variables, ports, hostnames and routes it names must agree with service-kit's config schemas,
 * docker/nginx.conf, the Dockerfiles and the edge rule of the dev server. Renaming a port or a variable
 * on one side only fails here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { z } from 'zod';
import { requestMessages } from '../contracts/src/messages.ts';
import { routeFor } from '../frontend/edge-routing.ts';
import {
  commandServiceEnv,
  loadConfig,
  mailerEnv,
  queryServiceEnv,
  realtimeGatewayEnv,
  testOnlySecrets,
} from '../service-kit/src/config.ts';
import { EDGE_SECRET_PLACEHOLDER } from './lib/edge-nginx.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(`${root}/${path}`, 'utf8');

// ---- docker-compose.yml ------------------------------------------------------------------------------

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string | number | boolean>;
  ports?: string[];
  expose?: string[];
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[] };
  restart?: string;
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
const serviceNames = Object.keys(services);

/** The .env the README has people write (bash scripts/secrets.sh .env), as compose reads it. */
const dotEnv = (() => {
  const folder = mkdtempSync(join(tmpdir(), 'careers-compose-'));
  execFileSync('bash', [`${root}scripts/secrets.sh`, `${folder}/.env`]);
  const text = readFileSync(`${folder}/.env`, 'utf8');
  rmSync(folder, { recursive: true });
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  ) as Record<string, string>;
})();

/**
 * Compose interpolation with that .env and nothing set in the shell: `${NAME:-default}` gives the
 * default, `${NAME:?message}` the .env's value (and fails without one, as compose does).
 */
function interpolate(value: string): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?::?([-?])([^}]*))?\}/g,
    (match, name: string, kind: string | undefined, fallback: string | undefined) => {
      if (match === '$$') return '$';
      const set = dotEnv[name];
      if (set !== undefined) return set;
      if (kind === '?') throw new Error(`compose would refuse to start: ${name}: ${fallback}`);
      return fallback ?? '';
    },
  );
}

function envOf(name: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(services[name]?.environment ?? {}).map(([key, value]) => [
      key,
      interpolate(String(value)),
    ]),
  );
}

/** The Node services and the schema each one's environment is parsed with. */
const schemas: Record<string, z.ZodObject> = {
  'command-service': commandServiceEnv,
  'query-service': queryServiceEnv,
  projector: queryServiceEnv,
  'realtime-gateway': realtimeGatewayEnv,
  mailer: mailerEnv,
};
const nodeServices = Object.keys(schemas);

function healthcheckText(name: string): string {
  const test = services[name]?.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : (test ?? '');
}

/** The one published port of the edge, as [host, container]. */
function edgePorts(): [number, number] {
  const [mapping] = services.edge?.ports ?? [];
  const match = /^(?:[\d.]+:)?(\d+):(\d+)$/.exec(mapping ?? '');
  if (!match) throw new Error(`edge publishes no "host:container" port (got ${JSON.stringify(mapping)})`);
  return [Number(match[1]), Number(match[2])];
}

/** The versions the local stack pins, read the way its scripts read them. */
const pins = (() => {
  const common = execFileSync(
    'bash',
    [
      '-c',
      'source scripts/lib/common.sh; echo "$POSTGRES_MAJOR"; echo "$REDIS_VERSION"; echo "$REDIS_PERSISTENCE"; echo "$POSTGRES_LOCALE"',
    ],
    { cwd: root, encoding: 'utf8' },
  )
    .trim()
    .split('\n');
  const kafka = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(read('scripts/kafka/pom.xml'))?.[1];
  return {
    postgres: common[0],
    redis: common[1],
    redisPersistence: common[2],
    postgresLocale: common[3],
    kafka,
  };
})();

function imageOf(name: string): string {
  return services[name]?.image ?? '';
}

/** The compose service a `host:port` or URL points at, checked to run `image` and listen on `port`. */
function expectServiceAt(host: string, port: number, image: RegExp, containerPort: number): void {
  expect(serviceNames, `${host} is not a compose service`).toContain(host);
  expect(imageOf(host)).toMatch(image);
  expect(port).toBe(containerPort);
}

describe('docker-compose.yml', () => {
  it('gives every service a healthcheck', () => {
    for (const name of serviceNames) {
      expect(healthcheckText(name), `${name} has no healthcheck`).not.toBe('');
    }
  });

  it('restarts every service that stops on its own (a crash, a dependency away at start)', () => {
    for (const name of serviceNames) {
      expect(services[name]?.restart, `${name} has no restart policy`).toBe('unless-stopped');
    }
  });

  it('makes every dependency an existing service that must be healthy first', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition } = {}] of Object.entries(service.depends_on ?? {})) {
        expect(serviceNames, `${name} depends on unknown ${dependency}`).toContain(dependency);
        expect(condition, `${name} -> ${dependency}`).toBe('service_healthy');
      }
    }
  });

  it('builds exactly the Node services that have a config schema, from files that exist', () => {
    const built = serviceNames.filter(
      (name) => services[name]?.build?.dockerfile === 'docker/service.Dockerfile',
    );
    expect(built.sort()).toEqual([...nodeServices].sort());
    for (const name of serviceNames) {
      const dockerfile = services[name]?.build?.dockerfile;
      if (dockerfile) expect(existsSync(`${root}/${dockerfile}`), dockerfile).toBe(true);
    }
  });

  it('runs each Node service from a file of the workspace its image holds', () => {
    for (const name of nodeServices) {
      const workspace = services[name]?.build?.args?.SERVICE ?? '';
      const [runtime, entry = ''] = services[name]?.command ?? [];
      expect(runtime).toBe('node');
      expect(entry.startsWith(`${workspace}/`), `${name} runs ${entry} outside ${workspace}`).toBe(true);
      expect(existsSync(`${root}/${entry}`), `${entry} does not exist`).toBe(true);
    }
  });

  it('has no secret of its own: each comes from .env, which scripts/secrets.sh writes', () => {
    const text = read('docker-compose.yml');
    for (const name of Object.keys(testOnlySecrets)) {
      const uses = [...text.matchAll(new RegExp(`\\$\\{${name}(:?[-?])?([^}]*)\\}`, 'g'))];
      expect(uses.length, name).toBeGreaterThan(0);
      for (const [use, kind] of uses) expect(kind, use).toBe(':?');
      expect(dotEnv[name], name).toMatch(/^[\w-]{43}$/);
    }
  });

  it('sets only variables that service-kit reads, and values its schema accepts', () => {
    for (const name of nodeServices) {
      const schema = schemas[name] as z.ZodObject;
      const env = envOf(name);
      const unknown = Object.keys(env).filter((key) => !(key in schema.shape));
      expect(unknown, `${name} sets variables service-kit/src/config.ts does not read`).toEqual([]);
      expect(() => loadConfig(schema, env), name).not.toThrow();
      expect(env.HOST, `${name} must listen on every interface in its container`).toBe('0.0.0.0');
    }
  });

  it('exposes each service on its PORT and checks its health there', () => {
    for (const name of nodeServices) {
      const { PORT } = envOf(name);
      if (PORT === undefined) {
        expect(services[name]?.expose ?? [], `${name} exposes a port but sets no PORT`).toEqual([]);
        continue;
      }
      expect(services[name]?.expose?.map(String), name).toEqual([PORT]);
      expect(healthcheckText(name)).toContain(`http://127.0.0.1:${PORT}/readyz`);
    }
  });

  it('checks readiness, not a live process: /readyz of each Node service, a real answer of each store', () => {
    for (const name of nodeServices) {
      expect(healthcheckText(name), `${name} checks /healthz (the process), not /readyz`).not.toContain(
        '/healthz',
      );
    }
    // Each store's own "ready to serve" probe, not an open port.
    expect(healthcheckText('postgres')).toMatch(/^CMD pg_isready -U careers -d careers$/);
    expect(healthcheckText('redis')).toMatch(/redis-cli ping \| grep -q PONG/);
    expect(healthcheckText('kafka')).toMatch(
      /kafka-broker-api-versions\.sh --bootstrap-server localhost:9092/,
    );
    expect(healthcheckText('minio')).toBe('CMD mc ready local');
  });

  it('runs the versions the local stack runs (scripts/lib/common.sh, scripts/kafka/pom.xml)', () => {
    expect(imageOf('kafka')).toBe(`apache/kafka:${pins.kafka}`);
    expect(imageOf('postgres')).toBe(`postgres:${pins.postgres}`);
    expect(imageOf('redis')).toBe(`redis:${pins.redis}`);
    // The README names them as well.
    const runsWhere = read('README.md');
    expect(runsWhere).toContain(`| PostgreSQL ${pins.postgres} |`);
    expect(runsWhere).toContain(`| Redis ${pins.redis} |`);
    expect(runsWhere).toContain(`| Apache Kafka ${pins.kafka} (KRaft`);
  });

  it('starts the local stack on exactly those pins', () => {
    const stack = read('scripts/stack.sh');
    expect(stack).toContain('pg_bindir() { local dir="/usr/lib/postgresql/$POSTGRES_MAJOR/bin";');
    expect(stack).toMatch(/\[ "\$\(redis_version\)" = "\$REDIS_VERSION" \]/);
    expect(stack).toMatch(/step "pinned versions" check_pinned_versions/);
  });

  it("makes the database with the local stack's locale (text compared byte by byte)", () => {
    expect(pins.postgresLocale).toBe('--locale=C.UTF-8 --lc-collate=C');
    expect(envOf('postgres').POSTGRES_INITDB_ARGS).toBe(pins.postgresLocale);
    expect(read('scripts/testcontainers-stack.ts')).toContain(
      `POSTGRES_INITDB_ARGS: '${pins.postgresLocale}'`,
    );
    expect(read('scripts/stack.sh')).toMatch(/initdb" [^\n]*\\\n\s+-E UTF8 \$POSTGRES_LOCALE /);
  });

  it('keeps Redis on disk as the local stack does (append-only file, synced every second)', () => {
    const command = services.redis?.command ?? [];
    expect(command[0]).toBe('redis-server');
    expect(command.slice(1).join(' ')).toBe(pins.redisPersistence);
    expect(pins.redisPersistence).toBe('--appendonly yes --appendfsync everysec');
    const startRedis = /\nstart_redis\(\) \{\n[\s\S]*?\n\}/.exec(read('scripts/stack.sh'))?.[0] ?? '';
    expect(startRedis).toMatch(/redis-server [^\n]*\\\n[^\n]*\$REDIS_PERSISTENCE --save ""/);
  });

  it('points the services at Postgres, Redis, Kafka and MinIO by their compose names', () => {
    const postgres = envOf('postgres');
    const minio = envOf('minio');
    for (const name of nodeServices) {
      const env = envOf(name);
      const database = new URL(env.DATABASE_URL ?? '');
      expectServiceAt(database.hostname, Number(database.port), /^postgres:/, 5432);
      expect(decodeURIComponent(database.username)).toBe(postgres.POSTGRES_USER);
      expect(decodeURIComponent(database.password)).toBe(postgres.POSTGRES_PASSWORD);
      expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);

      const redis = new URL(env.REDIS_URL ?? '');
      expectServiceAt(redis.hostname, Number(redis.port), /^redis:/, 6379);

      for (const broker of (env.KAFKA_BROKERS ?? '').split(',')) {
        const [host = '', port] = broker.trim().split(':');
        expectServiceAt(host, Number(port), /^apache\/kafka:/, 9092);
        expect(envOf(host).KAFKA_ADVERTISED_LISTENERS).toContain(`//${broker.trim()}`);
      }

      if (env.S3_ENDPOINT !== undefined) {
        const s3 = new URL(env.S3_ENDPOINT);
        expectServiceAt(s3.hostname, Number(s3.port), /^minio\/minio:/, 9000);
        expect(env.S3_ACCESS_KEY).toBe(minio.MINIO_ROOT_USER);
        expect(env.S3_SECRET_KEY).toBe(minio.MINIO_ROOT_PASSWORD);
      }
    }
  });

  it('allows the origin the browser sees at the edge', () => {
    const [hostPort] = edgePorts();
    for (const name of nodeServices) {
      const origins = (envOf(name).ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim());
      expect(origins, name).toContain(`http://localhost:${hostPort}`);
    }
  });

  it('starts the edge after the three services it routes to', () => {
    expect(Object.keys(services.edge?.depends_on ?? {}).sort()).toEqual([
      'command-service',
      'query-service',
      'realtime-gateway',
    ]);
  });

  it('runs Kafka as the local stack does: topics created by the services and kept forever', () => {
    const kafka = envOf('kafka');
    expect(kafka.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
    expect(kafka.KAFKA_LOG_RETENTION_MS).toBe('-1');
    expect(kafka.KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS).toBe('0');
    // The broker's own settings in the local stack's file, as the image's environment names them.
    const stack = new Map(
      read('scripts/config/kafka.properties')
        .split('\n')
        .filter((line) => /^[a-z.]+=/.test(line))
        .map((line) => line.split('=') as [string, string]),
    );
    for (const name of [
      'auto.create.topics.enable',
      'log.retention.ms',
      'group.initial.rebalance.delay.ms',
      'broker.session.timeout.ms',
      'broker.heartbeat.interval.ms',
    ]) {
      expect(kafka[`KAFKA_${name.toUpperCase().replaceAll('.', '_')}`], name).toBe(stack.get(name));
    }
  });
});

// ---- docker/nginx.conf -------------------------------------------------------------------------------

// As the nginx image starts it: the edge's secret filled in from the environment.
const nginx = read('docker/nginx.conf')
  .replace(/#.*$/gm, '')
  .replaceAll(EDGE_SECRET_PLACEHOLDER, 'the-edge-secret');

/** `upstream name { server host:port ...; }` -> name -> {host, port}. */
const upstreams = new Map(
  [...nginx.matchAll(/upstream\s+(\w+)\s*\{([^}]*)\}/g)].map(([, name = '', body = '']) => {
    const server = /server\s+([\w.-]+):(\d+)/.exec(body);
    return [name, { host: server?.[1] ?? '', port: Number(server?.[2]) }] as const;
  }),
);

/** `location <match> { ... }` -> match -> body. */
const locations = new Map(
  [...nginx.matchAll(/location\s+([^{]+?)\s*\{([^}]*)\}/g)].map(([, match = '', body = '']) => [match, body]),
);

function methodMap(): { byMethod: Map<string, string>; fallback: string } {
  const body = /map\s+\$request_method\s+\$api_upstream\s*\{([^}]*)\}/.exec(nginx)?.[1] ?? '';
  const entries = [...body.matchAll(/(\S+)\s+(\S+);/g)].map(
    ([, key = '', value = '']) => [key, value] as const,
  );
  return {
    byMethod: new Map(entries.filter(([key]) => key !== 'default')),
    fallback: entries.find(([key]) => key === 'default')?.[1] ?? '',
  };
}

function proxiedService(location: string): string {
  const body = locations.get(location) ?? '';
  const target = /proxy_pass\s+http:\/\/(\w+);/.exec(body)?.[1] ?? '';
  return upstreams.get(target)?.host ?? '';
}

const serviceOfRoute = { query: 'query-service', command: 'command-service', gateway: 'realtime-gateway' };

describe('docker/nginx.conf', () => {
  it('sends GET and HEAD /api to the query-service and every other method to the command-service', () => {
    const { byMethod, fallback } = methodMap();
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const route = routeFor(method, '/api/jobs');
      expect(route === 'query' || route === 'command').toBe(true);
      const upstream = byMethod.get(method) ?? fallback;
      expect(upstreams.get(upstream)?.host, method).toBe(serviceOfRoute[route as 'query' | 'command']);
    }
  });

  it('proxies /api by that map with the path unchanged, and /socket.io to the gateway with upgrade', () => {
    expect(locations.get('~ ^/api(/|$)')).toMatch(/proxy_pass\s+http:\/\/\$api_upstream;/);
    expect(routeFor('GET', '/socket.io/?EIO=4')).toBe('gateway');
    const socket = locations.get('~ ^/socket\\.io(/|$)') ?? '';
    expect(proxiedService('~ ^/socket\\.io(/|$)')).toBe(serviceOfRoute.gateway);
    expect(socket).toMatch(/proxy_set_header\s+Upgrade\s+\$http_upgrade;/);
    expect(socket).toMatch(/proxy_set_header\s+Connection\s+\$connection_upgrade;/);
  });

  it("proves every proxied request is the edge's with EDGE_SECRET, which compose gives the edge and the services", () => {
    const proxied = [...locations.values()].filter((body) => /proxy_pass/.test(body));
    // /api, keyed commands (/_keyed/, sent on to the next copy when one dies) and /socket.io.
    expect(proxied.length).toBe(3);
    for (const body of proxied) expect(body).toMatch(/proxy_set_header\s+X-Edge-Secret\s+"the-edge-secret";/);
    const secret = dotEnv.EDGE_SECRET;
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(envOf('edge')).toMatchObject({
      EDGE_SECRET: secret,
      // Only this variable is filled in: nginx's own $variables stay as they are.
      NGINX_ENVSUBST_FILTER: '^EDGE_SECRET$',
    });
    // The services that count per client address have it; the gateway counts nobody by address.
    for (const name of ['command-service', 'query-service', 'projector']) {
      expect(envOf(name).EDGE_SECRET, name).toBe(secret);
    }
    expect(envOf('realtime-gateway').EDGE_SECRET).toBeUndefined();
  });

  it('points every upstream at a compose service on the port that service listens on', () => {
    expect(upstreams.size).toBeGreaterThan(0);
    for (const [name, { host, port }] of upstreams) {
      expect(nodeServices, `upstream ${name} -> ${host}`).toContain(host);
      expect(String(port), `upstream ${name}`).toBe(envOf(host).PORT);
    }
  });

  it('listens on the container port the edge publishes, and falls back to the app', () => {
    const [, containerPort] = edgePorts();
    expect(nginx).toMatch(new RegExp(`listen\\s+${containerPort};`));
    expect(locations.get('/')).toMatch(/try_files\s+\$uri\s+\/index\.html;/);
    expect(healthcheckText('edge')).toContain('http://127.0.0.1/healthz');
    expect(locations.get('= /healthz')).toMatch(/return\s+200/);
  });
});

// ---- docker/*.Dockerfile -----------------------------------------------------------------------------

describe("docker/nginx.conf's own refusals", () => {
  it("answer { message } in the contracts' words", () => {
    const bodies = [...nginx.matchAll(/return\s+\d{3}\s+'(\{[^']*\})'/g)].map(([, body = '']) =>
      JSON.parse(body),
    );
    expect(bodies.length).toBeGreaterThanOrEqual(3);
    const known = Object.values(requestMessages).filter((text) => typeof text === 'string');
    for (const body of bodies) {
      expect(Object.keys(body)).toEqual(['message']);
      expect(known).toContain(body.message);
    }
  });
});

describe('Dockerfiles', () => {
  const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;

  it.each(['docker/service.Dockerfile', 'docker/edge.Dockerfile'])(
    '%s copies every workspace manifest before npm ci (the lockfile covers them all)',
    (path) => {
      const dockerfile = read(path);
      for (const workspace of workspaces) {
        expect(dockerfile, `${path} misses ${workspace}/package.json`).toContain(
          `COPY ${workspace}/package.json ${workspace}/`,
        );
      }
    },
  );

  it('runs the services on Node 24 as a non-root user', () => {
    const dockerfile = read('docker/service.Dockerfile');
    expect(dockerfile).toContain('node:24-bookworm-slim');
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('installs docker/nginx.conf in the edge image', () => {
    // As a template: the image fills in the environment's EDGE_SECRET as it starts.
    expect(read('docker/edge.Dockerfile')).toContain(
      'COPY docker/nginx.conf /etc/nginx/templates/default.conf.template',
    );
  });
});

describe('docker compose up --scale', () => {
  it('can run several copies of each Node service: no container name, no port published on the host', () => {
    for (const name of nodeServices) {
      const service = services[name] as ComposeService & { container_name?: string };
      expect(service.container_name, `${name} has a container name`).toBeUndefined();
      expect(service.ports ?? [], `${name} publishes a host port`).toEqual([]);
    }
  });

  it("sends the edge's requests to every copy, and each person's socket requests to one gateway copy", () => {
    const bodies = new Map(
      [...nginx.matchAll(/upstream\s+(\w+)\s*\{([^}]*)\}/g)].map(([, name = '', body = '']) => [name, body]),
    );
    expect(bodies.size).toBeGreaterThan(0);
    for (const [name, body] of bodies) {
      // `resolve`: nginx reads the service name's addresses again as copies come and go.
      expect(body, `upstream ${name}`).toMatch(/server\s+[\w.-]+:\d+\s+resolve;/);
      expect(body, `upstream ${name}`).toMatch(/\bzone\s+\w+\s+\d+k;/);
    }
    // socket.io's polling handshake and its upgrade must reach the same copy.
    expect(bodies.get('realtime_gateway')).toMatch(/hash \$cookie_sid consistent;/);
  });

  it('makes topics of as many partitions as copies of a consumer can share (three by default)', () => {
    const partitions = queryServiceEnv.shape.KAFKA_TOPIC_PARTITIONS.parse(undefined);
    expect(partitions).toBe(3);
    for (const name of nodeServices) {
      expect(envOf(name).KAFKA_TOPIC_PARTITIONS, `${name} sets its own partition count`).toBeUndefined();
    }
  });
});
