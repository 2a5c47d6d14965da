import { describe, expect, it } from 'vitest';
import { unloggedTables } from './runner.ts';
import { projectorTestbed } from './testing.ts';

/** The live projector refusing to start on read models a rebuild left unlogged. */

describe('read models left unlogged by a rebuild that did not finish', () => {
  it('keep the live projector from starting until they are logged again', async () => {
    const other = await projectorTestbed('runner-unlogged', { freshSchemas: true });
    const schema = other.config.DB_SCHEMA;
    try {
      await other.pool.query(`ALTER TABLE ${other.schema}.posts SET UNLOGGED`);
      expect(await unloggedTables(other.pool, schema)).toEqual(['posts']);
      void other.runner.start().catch(() => {});
      for (let i = 0; i < 50 && !/unlogged/.test(other.runner.consumerState().state); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(other.runner.consumerState()).toMatchObject({ joined: false });
      expect(other.runner.consumerState().state).toMatch(/left unlogged .*posts.*projections:rebuild/);
      await other.pool.query(`ALTER TABLE ${other.schema}.posts SET LOGGED`);
      // The supervisor tries again after its backoff, and then joins.
      for (let i = 0; i < 150 && !other.runner.consumerState().joined; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(other.runner.consumerState().joined).toBe(true);
    } finally {
      await other.runner.stop();
      await other.close();
    }
  });
});
