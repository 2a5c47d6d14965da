import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** Turns "a,b , c" into ['a','b','c']. */
const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0),
);

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// 0 asks the OS for a free port (tests).
const port = z.coerce.number().int().min(0).max(65535);

/**
 * Checks every 2xx body against the route table's response schema and answers 500 on a mismatch
 * (`checkResponses`). On in every test (`testNamespace`); off in production, where it only costs time.
 */
const checkResponsesFlag = bool.default(false);

/** Variables every service reads. Defaults are the local stack of scripts/ (see ARCHITECTURE.md). */
export const baseEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .default('postgres://careers:careers@127.0.0.1:5432/careers'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  /** Prefix for every Redis key this deployment writes (tests use one per file). */
  REDIS_KEY_PREFIX: z.string().default(''),
  KAFKA_BROKERS: csv
    .pipe(z.array(z.string().regex(/^[^:\s]+:\d+$/, 'must be host:port')).min(1))
    .default(['127.0.0.1:9092']),
  /** Prefix for every topic and consumer group (tests use one per file). */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9._-]*$/, 'letters, digits, . _ - only')
    .default(''),
  KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(64).default(3),
  /**
   * Where to connect instead of a broker's advertised address, as `advertised=reachable` pairs
   * (`10.0.0.5:9092=127.0.0.1:19092`): for a tunnel or proxy in front of brokers whose advertised
   * listeners this process cannot reach. Empty: connect where the brokers say.
   */
  KAFKA_CONNECT_OVERRIDES: csv
    .pipe(
      z.array(
        z.string().regex(/^[^:\s=]+:\d+=[^:\s=]+:\d+$/, 'must be host:port=host:port pairs, comma-separated'),
      ),
    )
    .default([]),
  /**
   * This copy's lasting name in the consumer groups that share partitions (the projector's): static
   * membership, so a copy killed and started again under the same name takes its partitions back at
   * once instead of after the dead member's session. Unique per copy (`npm start` gives each copy its
   * name); empty: a new member at every start.
   */
  KAFKA_GROUP_INSTANCE_ID: z
    .string()
    .regex(/^[a-zA-Z0-9._-]*$/, 'letters, digits, . _ - only')
    .default(''),
  /** Origins allowed to send mutations and open sockets (CSRF and socket handshake). */
  ALLOWED_ORIGINS: csv
    .pipe(z.array(z.url()).min(1))
    .default(['http://localhost:5173', 'http://127.0.0.1:5173']),
  /**
   * Proxies whose X-Forwarded-For / -Proto are believed: addresses or CIDR ranges. Loopback by default
   * (the dev edge); docker-compose names its network. Anyone else is who their socket says.
   */
  TRUSTED_PROXIES: csv
    .pipe(
      z
        .array(
          z.string().refine((entry) => {
            const [address = '', bits, extra] = entry.split('/');
            const family = isIP(address);
            if (family === 0 || extra !== undefined) return false;
            if (bits === undefined) return true;
            const n = Number(bits);
            return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
          }, 'must be IP addresses or CIDR ranges, comma-separated'),
        )
        .min(1),
    )
    .default(['127.0.0.1/8', '::1/128']),
  COOKIE_SECURE: bool.default(false),
  /**
   * Signs consistency tokens (HMAC-SHA256), which the command-service and the gateway issue and the
   * query-service checks: the three must share it. Required outside the tests (testOnlySecrets).
   */
  CONSISTENCY_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The key-encryption secret of the personal-data vault: every person's data key is stored wrapped with
   * a key derived from it. Required outside the tests; losing it makes all sealed personal data unreadable.
   */
  PERSONAL_DATA_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The Postgres schema of the personal-data vault (shared by the command-service and the projectors). */
  VAULT_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('vault'),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24 * 14),
});
export type BaseConfig = z.infer<typeof baseEnv>;

/**
 * The object store of uploads: the command-service writes it, the query-service serves from it (a
 * read-only key is enough there).
 */
const s3Env = {
  S3_ENDPOINT: z.url().default('http://127.0.0.1:9000'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY: z.string().min(3).default('careers'),
  S3_SECRET_KEY: z.string().min(8).default('careers-secret'),
  S3_BUCKET: z.string().min(3).default('careers-uploads'),
  S3_FORCE_PATH_STYLE: bool.default(true),
};

/** The services behind the edge that count per client address (the command- and query-service). */
const edgeEnv = {
  /**
   * Proves a request came through the edge: the edge sends it as `X-Edge-Secret`, and only a request
   * carrying it (from a TRUSTED_PROXIES peer) may name the client's address in X-Forwarded-For. A
   * process on the same machine that calls a service's port directly is who its socket says.
   * Required outside the tests (testOnlySecrets).
   */
  EDGE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
};

/**
 * Signs the one-click unsubscribe links of the mail (unsubscribe.ts): the mail sender signs, the
 * command-service checks. Required outside the tests (testOnlySecrets).
 */
const unsubscribeEnv = {
  UNSUBSCRIBE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
};

export const commandServiceEnv = baseEnv.extend({
  PORT: port.default(4001),
  DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('cmd'),
  ...s3Env,
  ...edgeEnv,
  ...unsubscribeEnv,
  /** How long the outbox relay sleeps when no NOTIFY arrives (it also wakes on NOTIFY). */
  RELAY_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /**
   * scrypt cost as log2(N): 17 (128 MiB, ARCHITECTURE.md) in production, at least 14 anywhere but the
   * tests, which may go down to 10 (PASSWORD_SCRYPT_LOG_N_FLOOR: the same code, a fifteenth of the CPU).
   */
  PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /**
   * Failed sign-ins on one account from all addresses in an hour, past which only addresses that signed
   * in to it before may try (the per-address delays are contracts' loginProtection).
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Failed sign-ins from one client IP across accounts within the window before 429. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(15 * 60),
  /** Registrations accepted from one client IP within the same window (each costs a password hash). */
  REGISTER_MAX_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Multiplies every per-user mutation limit (contracts' mutationRateLimits). 1 in production; test
   * suites, the bench and the fuzzer raise it so their scripted users are not limited, while every
   * request still goes through the limiter.
   */
  RATE_LIMIT_FACTOR: z.coerce.number().min(0.01).max(1_000_000).default(1),
  /** Password hashes computed at once in this process; more wait briefly, then get 503 (default: cores). */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(availableParallelism()),
  /** Hashes waiting for a slot before 503 busy (default: contracts PASSWORD_HASH_QUEUE_PER_SLOT per slot). */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
  CHECK_RESPONSES: checkResponsesFlag,
});
export type CommandServiceConfig = z.infer<typeof commandServiceEnv>;

/** Where the search engine (search-engine/) listens unless SEARCH_ENGINE_URL says otherwise. */
export const DEFAULT_SEARCH_ENGINE_URL = 'http://127.0.0.1:4006';

export const queryServiceEnv = baseEnv.extend({
  PORT: port.default(4002),
  /** The projector process's health listener (`/healthz`, `/readyz`); 0 picks a free port. */
  PROJECTOR_PORT: port.default(4004),
  DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('read'),
  /** The search engine (search-engine/): the jobs index, written by the projector, read by the queries. */
  SEARCH_ENGINE_URL: z.url().default(DEFAULT_SEARCH_ENGINE_URL),
  ...s3Env,
  ...edgeEnv,
  CHECK_RESPONSES: checkResponsesFlag,
});
export type QueryServiceConfig = z.infer<typeof queryServiceEnv>;

/** The mail sender (query-service/src/mailer-main.ts). */
export const mailerEnv = baseEnv.extend({
  /** Its health listener (`/healthz`, `/readyz`). */
  PORT: port.default(4005),
  DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('read'),
  ...unsubscribeEnv,
  /** Where mail is handed over: Mailpit locally; any SMTP server (smtps:// with user:password@) elsewhere. */
  MAIL_SMTP_URL: z.url().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('JobConnect <no-reply@jobconnect.localhost>'),
  /** The address people open the product at: every link in a mail starts with it. */
  PUBLIC_URL: z.url().default('http://localhost:5173'),
  /**
   * How long after a notification its mail waits, so that a burst (requests, status changes, job
   * alerts sent instantly) goes out as one mail.
   */
  MAIL_BURST_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
  /** How long a message stays unread before its recipient is mailed about it. */
  MAIL_MESSAGE_DELAY_SECONDS: z.coerce
    .number()
    .min(0)
    .max(7 * 86_400)
    .default(10 * 60),
  /** How often the sender looks for mail that is due. */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
});
export type MailerConfig = z.infer<typeof mailerEnv>;

export const realtimeGatewayEnv = baseEnv.extend({
  PORT: port.default(4003),
  /**
   * Where the gateway asks whether a socket's user may see a post before it joins the post's room: one
   * URL, or the URLs of several query-service copies, comma-separated, asked in order (the next when a
   * copy cannot be reached).
   */
  QUERY_SERVICE_URL: csv.pipe(z.array(z.url()).min(1)).default(['http://127.0.0.1:4002']),
  /** Sockets one session may hold open on one gateway (a person has a few tabs, not hundreds). */
  MAX_SOCKETS_PER_SESSION: z.coerce.number().int().min(1).max(1000).default(16),
});
export type RealtimeGatewayConfig = z.infer<typeof realtimeGatewayEnv>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The secrets that have a built-in value, for the tests only (NODE_ENV=test): the values are in this
 * source, so anything signed or sealed with them can be forged or opened by whoever reads it. Anywhere
 * else each must be set, to a value of its own: `npm start` generates them once into
 * .stack/secrets.env (scripts/secrets.sh), docker compose reads them from .env.
 */
export const testOnlySecrets = {
  CONSISTENCY_TOKEN_SECRET: 'careers-development-consistency-token-secret',
  PERSONAL_DATA_SECRET: 'careers-development-personal-data-secret',
  EDGE_SECRET: 'careers-development-edge-secret-for-the-tests',
  S3_SECRET_KEY: 'careers-secret',
  UNSUBSCRIBE_SECRET: 'careers-development-unsubscribe-secret-for-tests',
} as const;
type SecretName = keyof typeof testOnlySecrets;

const secretHint =
  'npm start generates one into .stack/secrets.env; for docker compose: bash scripts/secrets.sh .env';

/** The lowest scrypt cost (log2 N) a service takes outside the tests (NODE_ENV=test may go to 10). */
export const PASSWORD_SCRYPT_LOG_N_FLOOR = 14;

/** Why `config` may not run outside the tests: a secret missing, or one of the built-in test values. */
function ownSecretProblems(config: Record<string, unknown>, names: ReadonlySet<string>): string[] {
  if (config.NODE_ENV === 'test') return [];
  const problems: string[] = [];
  const logN = config.PASSWORD_SCRYPT_LOG_N;
  if (names.has('PASSWORD_SCRYPT_LOG_N') && typeof logN === 'number' && logN < PASSWORD_SCRYPT_LOG_N_FLOOR) {
    problems.push(
      `  PASSWORD_SCRYPT_LOG_N: at least ${PASSWORD_SCRYPT_LOG_N_FLOOR} outside the tests (got ${logN})`,
    );
  }
  for (const [name, builtIn] of Object.entries(testOnlySecrets)) {
    if (!names.has(name)) continue;
    const value = config[name];
    if (value === undefined) problems.push(`  ${name}: required outside the tests (${secretHint})`);
    else if (value === builtIn) {
      problems.push(
        `  ${name}: is the built-in test value, readable in this source: set a secret of its own (${secretHint})`,
      );
    }
  }
  return problems;
}

function secretOf<C extends Pick<BaseConfig, 'NODE_ENV'> & Partial<Record<SecretName, string>>>(
  config: C,
  name: SecretName,
): string {
  const value = config[name];
  if (value) return value;
  if (config.NODE_ENV === 'test') return testOnlySecrets[name];
  throw new ConfigError(`Invalid environment:\n  ${name}: required outside the tests (${secretHint})`);
}

export function consistencyTokenSecret(config: BaseConfig): string {
  return secretOf(config, 'CONSISTENCY_TOKEN_SECRET');
}

export function personalDataSecret(config: BaseConfig): string {
  return secretOf(config, 'PERSONAL_DATA_SECRET');
}

export function unsubscribeSecret(
  config: Pick<BaseConfig, 'NODE_ENV'> & { UNSUBSCRIBE_SECRET?: string | undefined },
): string {
  return secretOf(config, 'UNSUBSCRIBE_SECRET');
}

export function edgeSecret(
  config: Pick<BaseConfig, 'NODE_ENV'> & { EDGE_SECRET?: string | undefined },
): string {
  return secretOf(config, 'EDGE_SECRET');
}

/**
 * The edge's secret for a process that is no service (the local edge's nginx configuration, the dev
 * edge, the browser tests' topology): the environment's, or in the tests the built-in one, as
 * `edgeSecret` decides for the services.
 */
export function edgeSecretFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  if (env.EDGE_SECRET) return env.EDGE_SECRET;
  if (env.NODE_ENV === 'test') return testOnlySecrets.EDGE_SECRET;
  throw new ConfigError(`Invalid environment:\n  EDGE_SECRET: required outside the tests (${secretHint})`);
}

/**
 * Parses the environment with a service's schema. Empty strings count as unset, so `FOO=` takes the
 * default. Throws one error naming every bad variable and why.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const parsed = schema.safeParse(cleaned);
  if (parsed.success) {
    // The variables the schema reads: an optional one left unset is no key of the parsed object.
    const names = new Set(
      Object.keys(schema instanceof z.ZodObject ? schema.shape : (parsed.data as object)),
    );
    const problems = ownSecretProblems(parsed.data as Record<string, unknown>, names);
    if (problems.length > 0) throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
    return parsed.data;
  }
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '(environment)');
    const shown = name in cleaned ? ` (got ${JSON.stringify(cleaned[name])})` : '';
    return `  ${name}: ${issue.message}${shown}`;
  });
  throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
}
