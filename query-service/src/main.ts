import { runMain } from '@careers/service-kit';
import { startQueryService } from './service.ts';

await runMain('query-service', async () => {
  const service = await startQueryService();
  const { config, log } = service.deps;
  log.info(`query-service listening on http://${config.HOST}:${config.PORT}`);
  return service;
});
