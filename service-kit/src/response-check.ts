import { Readable } from 'node:stream';
import { apiPath, type RouteDefinition } from '@careers/contracts/routes';
import type { FastifyInstance } from 'fastify';

/** Why a success body does not match its route's response schema, or undefined when it does. */
function responseMismatch(route: RouteDefinition, payload: unknown): string | undefined {
  // Every route in the table answers JSON; an empty body cannot match it.
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return 'the body is not JSON text';
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'the body is not JSON';
  }
  const parsed = route.response.safeParse(body);
  if (parsed.success) return undefined;
  const [issue] = parsed.error.issues;
  if (!issue) return 'the response schema rejects it';
  const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/**
 * Checks every 2xx answer against its route: the status, and the body against the `response` schema in the contracts route table, and turns
 * a mismatch into a 500 `{ message }` naming the route and the first issue. The table is what the client
 * is typed from, so a handler that drifts from it breaks the client silently; with this on (tests, via
 * `CHECK_RESPONSES`), any test that reaches the handler fails loudly instead. It costs a JSON parse and
 * a schema parse per response, so production leaves it off.
 *
 * Runs in `onSend`, after serialization, so it sees the bytes the client gets, including bodies a
 * handler serialized itself (the feed sends a cached string) or streamed. A route is found by method and Fastify's
 * matched pattern (`/api/posts/:id`), so requests outside the table (health checks, 404s) pass through.
 */
export function checkResponses(
  app: FastifyInstance,
  routeTable: Readonly<Record<string, RouteDefinition>>,
): void {
  const byPattern = new Map<string, { name: string; route: RouteDefinition }>();
  for (const [name, route] of Object.entries(routeTable)) {
    byPattern.set(`${route.method} ${apiPath(route)}`, { name, route });
  }

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const found = byPattern.get(`${request.method} ${request.routeOptions.url}`);
    if (!found) return payload;
    // A streamed body (the data export) is read whole to be checked, then sent as it was read.
    const body =
      payload instanceof Readable
        ? Buffer.concat((await payload.toArray()).map((chunk) => Buffer.from(chunk)))
        : payload;
    const mismatch =
      reply.statusCode === found.route.status
        ? responseMismatch(found.route, body)
        : `the status is ${reply.statusCode}, not ${found.route.status}`;
    if (mismatch === undefined) return body;
    const message = `The response of ${found.name} (${found.route.method} ${apiPath(found.route)}) does not match the route table: ${mismatch}`;
    request.log.error({ route: found.name, status: reply.statusCode }, message);
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({ message });
  });
}
