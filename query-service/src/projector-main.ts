import { createLogger, createPool, ident, runMain } from '@careers/service-kit';
import { SuggestionRefresher } from './projectors/suggestions/refresher.ts';
import { startProjector } from './service.ts';

/**
 * The projector process: the projector runner, and beside it the refresher that ranks people you may
 * know ahead of the reads from what the runner marks (on its own two connections).
 */
await runMain('projector', async () => {
  const projector = await startProjector();
  const { config } = projector;
  const pool = createPool(config.DATABASE_URL, 2, 'suggestions-refresher');
  const refresher = new SuggestionRefresher(
    pool,
    ident(config.DB_SCHEMA),
    createLogger('suggestions-refresher', config.LOG_LEVEL),
  );
  refresher.start();
  return {
    async close() {
      await refresher.stop();
      await pool.end();
      await projector.close();
    },
  };
});
