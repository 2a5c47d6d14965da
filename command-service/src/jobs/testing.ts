import { Job } from '@careers/contracts/entities/job';
import { ident } from '@careers/service-kit';
import type { TestNamespace } from '@careers/service-kit/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { type RunningCommandService, startCommandService } from '../service.ts';
import { type CommandCall, sendCommand, sessionCookieOf } from '../testing.ts';

/** A Post-a-Job form that passes, as the client sends it. */
export const jobForm = {
  title: 'Backend Engineer',
  description: 'Event logs and projections.',
  company: { name: 'Acme', industry: 'Software' },
  location: { city: 'Berlin', country: 'Germany' },
  salary: { min: 70000, max: 90000 },
};

/**
 * The command-service of one test file, for the job and application route tests: started before the
 * file and closed after it, with people and jobs made through the real routes and the event log read
 * back.
 */
export function hiringTestbed(ns: TestNamespace) {
  let command: RunningCommandService | undefined;
  beforeAll(async () => {
    command = await startCommandService(ns.commandEnv, { listen: false });
  });
  afterAll(async () => {
    await command?.close();
    await ns.cleanup();
  });
  const running = () => {
    if (!command) throw new Error('the command-service starts in beforeAll');
    return command;
  };
  const schema = () => ident(running().deps.config.DB_SCHEMA);
  let seq = 0;

  const call = (method: CommandCall['method'], url: string, sid?: string, body?: unknown) =>
    sendCommand(running().app, { method, url, sid, body });

  return {
    call,
    /** Rows of the file's own schema: `{schema}` in the text names it. */
    async query<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
      const { rows } = await running().deps.pool.query<R>(text.replaceAll('{schema}', schema()), values);
      return rows;
    },
    /** A new account through the register route: its session and id. */
    async signUp(firstName = 'Grace', accountType = 'job_seeker') {
      const response = await call('POST', '/api/auth/register', undefined, {
        firstName,
        lastName: 'Hopper',
        email: `${firstName.toLowerCase()}.${ns.id}.${++seq}@example.com`,
        password: 'cobol-1959',
        accountType,
      });
      expect(response.statusCode, response.body).toBe(201);
      return { sid: sessionCookieOf(response)?.value as string, id: response.json().user._id as string };
    },
    async postJob(sid: string, body: Record<string, unknown> = jobForm) {
      const response = await call('POST', '/api/jobs', sid, body);
      expect(response.statusCode, response.body).toBe(201);
      return Job.parse(response.json().data);
    },
    /** A stream's events, in order. */
    async eventsOf(streamId: string) {
      const { rows } = await running().deps.pool.query<{ type: string; data: Record<string, unknown> }>(
        `SELECT type, data FROM ${schema()}.event_log WHERE stream_id = $1 ORDER BY stream_version`,
        [streamId],
      );
      return rows;
    },
    async eventCount() {
      const { rows } = await running().deps.pool.query(
        `SELECT count(*)::int AS n FROM ${schema()}.event_log`,
      );
      return rows[0].n as number;
    },
  };
}
