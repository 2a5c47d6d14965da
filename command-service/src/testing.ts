import { ident, SESSION_COOKIE, viaEdge } from '@careers/service-kit';
import type { TestNamespace } from '@careers/service-kit/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { openedLogRows } from './event-log/testing.ts';
import { type RunningCommandService, startCommandService } from './service.ts';

/** The origin the local stack allows, as a browser on the web server sends it. */
export const TEST_ORIGIN = 'http://localhost:5173';

export interface CommandCall {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Sent as JSON; left out for commands without a body. */
  body?: unknown;
  /** The session cookie's value. */
  sid?: string;
  /** Sent as X-Forwarded-For (the throttles count per client IP). */
  ip?: string;
  origin?: string;
  /** More headers (an Idempotency-Key, say). */
  headers?: Record<string, string>;
}

/** A command as a browser on the allowed origin sends it, injected into the command-service app. */
export function sendCommand(app: FastifyInstance, call: CommandCall): Promise<LightMyRequestResponse> {
  return app.inject({
    method: call.method,
    url: call.url,
    headers: {
      origin: call.origin ?? TEST_ORIGIN,
      ...(call.ip ? viaEdge(app, call.ip) : {}),
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(call.sid ? { cookie: `${SESSION_COOKIE}=${call.sid}` } : {}),
      ...call.headers,
    },
    payload: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
}

/** The session cookie a reply set, if any. */
export function sessionCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name === SESSION_COOKIE);
}

/**
 * The command-service of one route test file: started before the file and closed after it, with
 * people made through the real register route and the event log and tables read back.
 */
export function commandTestbed(ns: TestNamespace) {
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
    running,
    /** Rows of the file's own schema: `{schema}` in the text names it. */
    async query<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
      const { rows } = await running().deps.pool.query<R>(text.replaceAll('{schema}', schema()), values);
      return rows;
    },
    /** A new account through the register route (a fresh email each time): its session and id. */
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
    /** A stream's events, in order. */
    async eventsOf(streamId: string) {
      const rows = await openedLogRows(running().deps, `${schema()}.event_log`, 'stream_id = $1', [streamId]);
      return rows.map(({ type, data }) => ({ type, data }));
    },
    async eventCount() {
      const { rows } = await running().deps.pool.query(
        `SELECT count(*)::int AS n FROM ${schema()}.event_log`,
      );
      return rows[0].n as number;
    },
  };
}
