import { runMain } from '@careers/service-kit';
import { startGateway } from './service.ts';

await runMain('realtime-gateway', startGateway);
