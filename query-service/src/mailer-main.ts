import { runMain } from '@careers/service-kit';
import { startMailer } from './mail/service.ts';

/** The mail sender process (mail/service.ts). */
await runMain('mailer', () => startMailer());
