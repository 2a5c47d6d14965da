import { runMain } from '@careers/service-kit';
import { startCommandService } from './service.ts';

await runMain('command-service', async () => {
  const service = await startCommandService();
  service.deps.log.info('command-service ready');
  return service;
});
