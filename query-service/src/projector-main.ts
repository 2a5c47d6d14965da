import { createLogger, createPool, ident, runMain } from '@careers/service-kit';
import { startProjector } from './projector-service.ts';
import { SuggestionRefresher } from './projectors/suggestions/refresher.ts';
import { timeStatements } from './statement-timing.ts';

// PROJECTOR_STATEMENT_TIMING=1: time per statement text, logged every 20 s and started again (a
// diagnosis, not a default).
const statements = process.env.PROJECTOR_STATEMENT_TIMING === '1' ? timeStatements() : null;

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
  const log = createLogger('projector', config.LOG_LEVEL);
  const timing = statements
    ? setInterval(() => log.info(`statement timing, last 20 s\n${statements.report(true)}`), 20_000)
    : null;
  return {
    async close() {
      if (timing) clearInterval(timing);
      await refresher.stop();
      await pool.end();
      await projector.close();
    },
  };
});
