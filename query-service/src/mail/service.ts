import {
  createLogger,
  createPool,
  ident,
  loadConfig,
  type MailerConfig,
  mailerEnv,
  Startup,
  startHealthServer,
  unsubscribeSecret,
} from '@careers/service-kit';
import nodemailer from 'nodemailer';
import { MailSender, type MailTransport, mailTablesReady } from '../projectors/notifications/mail-sender.ts';

export interface RunningMailer {
  config: MailerConfig;
  port: number;
  /** Sends what is due now, beside the loop (the tests). */
  sendDue(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The mail sender's process: a loop that sends the due mail every MAIL_POLL_MS, and a health listener
 * (PORT) whose `/readyz` is 200 once the read schema has the mail tables (the projector migrates it)
 * and the SMTP server answers.
 */
export async function startMailer(
  env: NodeJS.ProcessEnv = process.env,
  options: { transport?: MailTransport; now?: () => Date; loop?: boolean } = {},
): Promise<RunningMailer> {
  const config = loadConfig(mailerEnv, env);
  const log = createLogger('mailer', config.LOG_LEVEL);
  const schema = ident(config.DB_SCHEMA);
  const pool = createPool(config.DATABASE_URL, 2, 'mailer');
  // One connection kept open and used again (a pooled transport), as the mail goes out one at a time.
  const smtp = nodemailer.createTransport(
    `${config.MAIL_SMTP_URL}${config.MAIL_SMTP_URL.includes('?') ? '&' : '?'}pool=true`,
  );
  const transport: MailTransport = options.transport ?? smtp;
  const startup = new Startup(log);
  const health = await startHealthServer({
    host: config.HOST,
    port: config.PORT,
    startup,
    checks: {
      postgres: () => mailTablesReady(pool, schema),
      smtp: () => smtp.verify(),
    },
  });
  const sender = new MailSender({
    pool,
    schema,
    transport,
    from: config.MAIL_FROM,
    publicUrl: config.PUBLIC_URL,
    unsubscribeSecret: unsubscribeSecret(config),
    burstSeconds: config.MAIL_BURST_SECONDS,
    messageDelaySeconds: config.MAIL_MESSAGE_DELAY_SECONDS,
    log,
    ...(options.now ? { now: options.now } : {}),
  });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  const tick = () => {
    running = sender
      .sendDue()
      .catch((error: unknown) => log.warn({ err: error }, 'mail: a round failed; trying again'))
      .finally(() => {
        if (!closed) timer = setTimeout(tick, config.MAIL_POLL_MS);
      });
  };
  try {
    await startup.step('postgres', 'mail tables (the projector migrates them)', () =>
      mailTablesReady(pool, schema),
    );
  } catch (error) {
    await health.close();
    await pool.end();
    smtp.close();
    throw error;
  }
  startup.finish();
  if (options.loop !== false) tick();
  log.info(`mailer sending through ${new URL(config.MAIL_SMTP_URL).host}; health on :${health.port}`);
  return {
    config,
    port: health.port,
    sendDue: () => sender.sendDue(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
      await health.close();
      smtp.close();
      await pool.end();
    },
  };
}
