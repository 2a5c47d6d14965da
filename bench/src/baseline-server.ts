/**
 * The same-run baselines, each started as its own process: bare Fastify with none of the product's
 * plumbing, so a ratio against it shows what the product's own path costs.
 *   insert: POST /insert does one INSERT into its own table in the same Postgres.
 *   json:   GET <path> answers, from memory, the body a real read of that path and query string
 *           returned earlier in the run (the feed page; each search of the jobs phase).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const mode = process.argv[2];
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const app = Fastify({ logger: false });
let pool: pg.Pool | undefined;
app.get('/healthz', async () => ({ status: 'ok' }));

if (mode === 'insert') {
  const schema = env('BASELINE_SCHEMA');
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Unsafe schema name: ${schema}`);
  const table = `"${schema}".likes`;
  pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: Number(env('BASELINE_POOL_SIZE')) });
  await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await pool.query(`CREATE TABLE IF NOT EXISTS ${table} (
    id bigserial PRIMARY KEY, post_id uuid NOT NULL, user_id uuid NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
  const insert = `INSERT INTO ${table} (post_id, user_id) VALUES ($1, $2)`;
  app.post('/insert', async () => {
    await pool?.query(insert, [randomUUID(), randomUUID()]);
    return { ok: true };
  });
} else if (mode === 'json') {
  // Parsed once; Fastify serialises each on every request, as any JSON route does. The file maps
  // `<path>?<query>` to the body text.
  const texts = JSON.parse(readFileSync(env('BASELINE_BODY_FILE'), 'utf8')) as Record<string, string>;
  const bodies = new Map(Object.entries(texts).map(([url, text]) => [url, JSON.parse(text) as unknown]));
  app.get('/*', async (request, reply) => {
    const body = bodies.get(request.url);
    return body === undefined ? reply.code(404).send({ message: 'not recorded' }) : body;
  });
} else {
  throw new Error(`usage: baseline-server.ts insert|json (got ${mode})`);
}

await app.listen({ host: '127.0.0.1', port: Number(env('PORT')) });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => pool?.end())
      .finally(() => process.exit(0));
  });
}
