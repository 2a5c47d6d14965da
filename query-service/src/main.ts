import { runMain } from '@careers/service-kit';
import { startQueryService } from './service.ts';

await runMain('query-service', async () => {
  const service = await startQueryService();
  service.deps.log.info('query-service ready');
  return service;
});
