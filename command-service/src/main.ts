import { runMain } from '@careers/service-kit';
import { startCommandService } from './service.ts';

await runMain('command-service', async () => {
  const service = await startCommandService();
  const { config, log } = service.deps;
  log.info(`command-service listening on http://${config.HOST}:${config.PORT}`);
  return service;
});
