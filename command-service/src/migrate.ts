import { fileURLToPath } from 'node:url';
import { migrate, type Pool, readMigrations } from '@careers/service-kit';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export async function migrateCommandSchema(pool: Pool, schema: string): Promise<string[]> {
  return migrate(pool, schema, await readMigrations(MIGRATIONS_DIR));
}
