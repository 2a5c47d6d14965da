import { SESSION_COOKIE } from '@careers/service-kit';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

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
}

/** A command as a browser on the allowed origin sends it, injected into the command-service app. */
export function sendCommand(app: FastifyInstance, call: CommandCall): Promise<LightMyRequestResponse> {
  return app.inject({
    method: call.method,
    url: call.url,
    headers: {
      origin: call.origin ?? TEST_ORIGIN,
      ...(call.ip ? { 'x-forwarded-for': call.ip } : {}),
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(call.sid ? { cookie: `${SESSION_COOKIE}=${call.sid}` } : {}),
    },
    payload: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
}

/** The session cookie a reply set, if any. */
export function sessionCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name === SESSION_COOKIE);
}
