import { runMain } from '@careers/service-kit';
import { startProjector } from './service.ts';

await runMain('projector', startProjector);
