import { type Logger, pino } from 'pino';

export type { Logger };

/** JSON logs on stdout; secrets never reach them (cookies and auth headers are redacted). */
export function createLogger(service: string, level: string): Logger {
  return pino({
    name: service,
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      censor: '[redacted]',
    },
  });
}
