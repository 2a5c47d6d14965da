/**
 * The contracts route table against the real services. Every route either has a handler in the service
 * the table names, or is listed here as pending. A route with a handler refuses, as `{ message }`, a
 * request without a session (401 where the table says `auth: 'required'`), a malformed body and a
 * malformed query (400). The walk is driven by `routes`, so a route added to the table is covered the
 * day it is added. Success bodies are checked against the table's response schemas by the services
 * themselves: `testNamespace` turns `CHECK_RESPONSES` on.
 */

import { randomUUID } from 'node:crypto';
import { type RunningCommandService, startCommandService } from '@careers/command-service/service';
import { sendCommand, sessionCookieOf, TEST_ORIGIN } from '@careers/command-service/testing';
import { apiPath, type RouteDefinition, routes, type ServiceName } from '@careers/contracts/routes';
import { type RunningQueryService, startQueryService } from '@careers/query-service/service';
import { SESSION_COOKIE } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const ns = testNamespace('route-table');

// Started while the file is collected: which routes are pending is known only once the apps exist,
// and `it.todo` has to be declared then.
const [command, query]: [RunningCommandService, RunningQueryService] = await Promise.all([
  startCommandService(ns.commandEnv, { listen: false }),
  startQueryService(ns.queryEnv, { listen: false }),
]);
// Routes registered inside plugins exist only once the app is ready.
await Promise.all([command.app.ready(), query.app.ready()]);
const services: Record<ServiceName, RunningCommandService | RunningQueryService> = { command, query };

afterAll(async () => {
  await Promise.allSettled([command.close(), query.close()]);
  await ns.cleanup();
});

/** The services that register a handler for the route's method and pattern. */
function servicesHandling(route: RouteDefinition): ServiceName[] {
  return (Object.keys(services) as ServiceName[]).filter((name) =>
    services[name].app.hasRoute({ method: route.method, url: apiPath(route) }),
  );
}

/** The route's URL with a fresh UUID in every path parameter (a malformed id answers 404 by design). */
function urlOf(route: RouteDefinition, queryString = ''): string {
  return `${apiPath(route).replace(/:[A-Za-z][A-Za-z0-9_]*/g, () => randomUUID())}${queryString}`;
}

/** A request as the browser on the allowed origin sends it: reads to the query-service, the rest to commands. */
function send(route: RouteDefinition, request: { sid?: string; body?: unknown; query?: string } = {}) {
  const url = urlOf(route, request.query);
  if (route.method === 'GET') {
    return query.app.inject({
      method: 'GET',
      url,
      headers: {
        origin: TEST_ORIGIN,
        ...(request.sid ? { cookie: `${SESSION_COOKIE}=${request.sid}` } : {}),
      },
    });
  }
  return sendCommand(command.app, { method: route.method, url, sid: request.sid, body: request.body });
}

function expectMessage(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ message: expect.stringMatching(/\S/) });
}

/** Values tried, in order, as the wrong type for a field: the first one the field refuses is sent. */
const WRONG_FIELD_VALUES: unknown[] = [true, 12345, 'text', { unexpected: true }];

/**
 * Bodies a route's body schema must refuse: a JSON array, and (for an object schema) the object with
 * each field given a value of the wrong type.
 */
function malformedBodies(schema: z.ZodType): { what: string; body: unknown }[] {
  const bodies: { what: string; body: unknown }[] = [{ what: 'a JSON array', body: [] }];
  if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, field]) => {
      const wrong = WRONG_FIELD_VALUES.find((value) => !field.safeParse(value).success);
      return wrong === undefined ? [] : [[name, wrong] as const];
    });
    bodies.push({ what: 'an object whose fields have the wrong types', body: Object.fromEntries(fields) });
  }
  return bodies;
}

/** Query strings tried on every route with a query schema: each one its schema refuses is sent. */
const MALFORMED_QUERIES = ['?page=0', '?limit=abc'];

function malformedQueries(schema: z.ZodType): string[] {
  return MALFORMED_QUERIES.filter(
    (text) => !schema.safeParse(Object.fromEntries(new URLSearchParams(text))).success,
  );
}

let sid: string;

beforeAll(async () => {
  const response = await sendCommand(command.app, {
    method: 'POST',
    url: apiPath(routes.register),
    body: {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `grace.${ns.id}@example.com`,
      password: 'cobol-1959',
      accountType: 'job_seeker',
    },
  });
  expect(response.statusCode, response.body).toBe(routes.register.status);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('register answered without a session cookie');
  sid = cookie.value;
});

describe('the route table against the running services', () => {
  for (const [name, route] of Object.entries(routes) as [string, RouteDefinition][]) {
    const label = `${name} (${route.method} ${apiPath(route)})`;
    const handledBy = servicesHandling(route);

    if (handledBy.length === 0) {
      it.todo(`${label}: pending, no handler in any service yet`);
      continue;
    }

    describe(label, () => {
      it(`is handled by the ${route.service}-service only`, () => {
        expect(handledBy).toEqual([route.service]);
      });

      if (route.auth === 'required') {
        it('answers 401 { message } without a session', async () => {
          expectMessage(await send(route), 401);
        });
      }

      const body = route.body;
      if (body && !route.multipart) {
        for (const malformed of malformedBodies(body)) {
          it(`answers 400 { message } to ${malformed.what}`, async () => {
            expect(body.safeParse(malformed.body).success, 'the schema accepts this body').toBe(false);
            expectMessage(await send(route, { sid, body: malformed.body }), 400);
          });
        }
      }

      const querySchema = route.query;
      if (querySchema) {
        it('has a malformed query to try', () => {
          expect(malformedQueries(querySchema), `none of ${MALFORMED_QUERIES} is refused`).not.toEqual([]);
        });
        for (const malformed of malformedQueries(querySchema)) {
          it(`answers 400 { message } to the query ${malformed}`, async () => {
            expectMessage(await send(route, { sid, query: malformed }), 400);
          });
        }
      }
    });
  }
});
