import { Readable, Writable } from 'node:stream';
import { defineRoute } from '@careers/contracts/api/define-route';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notFound } from './errors.ts';
import { createHttpServer } from './http.ts';
import { checkResponses } from './response-check.ts';

const greetingRoutes = {
  getGreeting: defineRoute({
    method: 'GET',
    path: '/greetings/:id',
    service: 'query',
    auth: 'public',
    status: 200,
    response: z.object({ data: z.object({ text: z.string() }) }),
    summary: 'One greeting.',
  }),
  sendGreeting: defineRoute({
    method: 'POST',
    path: '/greetings',
    service: 'command',
    auth: 'public',
    body: null,
    status: 201,
    response: z.object({ data: z.object({ text: z.string(), count: z.number().int() }) }),
    summary: 'Sends a greeting.',
  }),
};

interface Greeter {
  app: FastifyInstance;
  /** What the server logged at error level. */
  errors: { msg: string; route?: string }[];
}

/** A tiny service with the check on, answering the given bodies on the greeting routes. */
async function greeter(answers: { get?: unknown; send?: unknown; getStatus?: number }): Promise<Greeter> {
  const errors: Greeter['errors'] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) errors.push(JSON.parse(line));
      done();
    },
  });
  const app = await createHttpServer({
    serviceName: 'greeter',
    logger: pino({ level: 'error' }, sink),
    allowedOrigins: ['http://localhost:5173'],
  });
  checkResponses(app, greetingRoutes);
  app.get('/api/greetings/:id', async (_request, reply) => {
    if (answers.getStatus !== undefined) reply.code(answers.getStatus);
    return reply.send(answers.get);
  });
  app.post('/api/greetings', async (_request, reply) => reply.code(201).send(answers.send));
  app.get('/api/greetings/:id/missing', async () => {
    throw notFound('Greeting not found');
  });
  app.get('/api/unlisted', async () => ({ anything: 1 }));
  apps.push(app);
  return { app, errors };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('checkResponses', () => {
  it('lets a body that matches its route through unchanged', async () => {
    const { app, errors } = await greeter({ get: { data: { text: 'hello' } } });
    const response = await app.inject({ method: 'GET', url: '/api/greetings/7' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { text: 'hello' } });
    expect(errors).toEqual([]);
  });

  it('answers 500 naming the route and the first issue when an object body does not match', async () => {
    const { app, errors } = await greeter({ send: { data: { text: 'hello' } } });
    const response = await app.inject({ method: 'POST', url: '/api/greetings' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const { message } = response.json() as { message: string };
    expect(message).toContain('sendGreeting (POST /api/greetings)');
    expect(message).toContain('data.count: Invalid input: expected number, received undefined');
    expect(errors).toMatchObject([{ route: 'sendGreeting', msg: message }]);
  });

  it('checks a body the handler serialized itself, as a string or a Buffer', async () => {
    const asString = await greeter({ get: JSON.stringify({ data: { text: 42 } }) });
    const fromString = await asString.app.inject({ method: 'GET', url: '/api/greetings/7' });
    expect(fromString.statusCode).toBe(500);
    expect(fromString.json().message).toContain('data.text: Invalid input: expected string');

    const asBuffer = await greeter({ get: Buffer.from(JSON.stringify({ data: { text: 'hi' } })) });
    const fromBuffer = await asBuffer.app.inject({ method: 'GET', url: '/api/greetings/7' });
    expect(fromBuffer.statusCode).toBe(200);
    expect(fromBuffer.json()).toEqual({ data: { text: 'hi' } });
  });

  it('reads a streamed body whole to check it, and sends what it read', async () => {
    const chunks = ['{"data": ', '{"text": "hi"}}'];
    const streamed = await greeter({ get: Readable.from(chunks, { objectMode: false }) });
    const fine = await streamed.app.inject({ method: 'GET', url: '/api/greetings/7' });
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toEqual({ data: { text: 'hi' } });

    const wrong = await greeter({ get: Readable.from(['{"data": {}}'], { objectMode: false }) });
    const refused = await wrong.app.inject({ method: 'GET', url: '/api/greetings/7' });
    expect(refused.statusCode).toBe(500);
    expect(refused.json().message).toContain('data.text: Invalid input: expected string');
  });

  it('answers 500 when a success body is not JSON at all', async () => {
    const { app } = await greeter({ get: 'hello' });
    const response = await app.inject({ method: 'GET', url: '/api/greetings/7' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toContain('getGreeting (GET /api/greetings/:id)');
    expect(response.json().message).toContain('the body is not JSON');
  });

  it("answers 500 when a success status is not the route's", async () => {
    const { app } = await greeter({ get: { data: { text: 'hello' } }, getStatus: 201 });
    const response = await app.inject({ method: 'GET', url: '/api/greetings/7' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toContain('the status is 201, not 200');
  });

  it('leaves error answers and routes outside the table alone', async () => {
    const { app, errors } = await greeter({ get: { message: 'Teapot' }, getStatus: 418 });
    const teapot = await app.inject({ method: 'GET', url: '/api/greetings/7' });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({ message: 'Teapot' });

    const missing = await app.inject({ method: 'GET', url: '/api/greetings/7/missing' });
    expect(missing.statusCode).toBe(404);
    const unknown = await app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(unknown.statusCode).toBe(404);
    const unlisted = await app.inject({ method: 'GET', url: '/api/unlisted' });
    expect(unlisted.json()).toEqual({ anything: 1 });
    expect(errors).toEqual([]);
  });
});
