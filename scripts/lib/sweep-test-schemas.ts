/**
 * Frees the test schema slots a killed run left held (service-kit/src/test-schemas.ts): npm test runs
 * it before the tests, against the stack's Postgres.
 */
import { baseEnv, loadConfig } from '@careers/service-kit/config';
import { sweepTestSchemaSlots } from '@careers/service-kit/test-schemas';
import pg from 'pg';

const config = loadConfig(baseEnv, { ...process.env, NODE_ENV: 'test' });
const client = new pg.Client({ connectionString: config.DATABASE_URL });
await client.connect();
try {
  const swept = await sweepTestSchemaSlots(client);
  if (swept > 0) console.log(`freed ${swept} test schema slot(s) a stopped run held`);
} finally {
  await client.end();
}
