import { requestMessages } from '@careers/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { createHttpServer, isCrossSiteMutation, parseOr400 } from './http.ts';
import { createLogger } from './logger.ts';

const allowed = ['http://localhost:5173'];

describe('isCrossSiteMutation', () => {
  it('lets reads through whatever their origin', () => {
    expect(isCrossSiteMutation('GET', { origin: 'https://evil.example' }, allowed)).toBe(false);
  });
  it('accepts a mutation from an allowed origin', () => {
    expect(
      isCrossSiteMutation(
        'POST',
        { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' },
        allowed,
      ),
    ).toBe(false);
  });
  it('rejects a mutation from another origin, a null origin, or a cross-site fetch', () => {
    expect(isCrossSiteMutation('POST', { origin: 'https://evil.example' }, allowed)).toBe(true);
    expect(isCrossSiteMutation('DELETE', { origin: 'null' }, allowed)).toBe(true);
    expect(isCrossSiteMutation('PUT', { 'sec-fetch-site': 'cross-site' }, allowed)).toBe(true);
  });
  it('lets a non-browser client without Origin through (it carries no ambient cookies)', () => {
    expect(isCrossSiteMutation('POST', {}, allowed)).toBe(false);
  });
});

describe('parseOr400', () => {
  it('returns parsed data or throws 400 with the schema message', () => {
    const schema = z.object({ content: z.string().trim().min(1, 'Post content cannot be empty') });
    expect(parseOr400(schema, { content: ' hi ' })).toEqual({ content: 'hi' });
    try {
      parseOr400(schema, { content: '   ' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 400, message: 'Post content cannot be empty' });
    }
  });
});

describe('bodies Fastify cannot read', () => {
  let app: Awaited<ReturnType<typeof createHttpServer>>;
  beforeAll(async () => {
    app = await createHttpServer({
      serviceName: 'test',
      logger: createLogger('test', 'silent'),
      allowedOrigins: allowed,
      bodyLimit: 64,
    });
    app.post('/echo', async (request) => ({ got: request.body }));
  });
  afterAll(() => app.close());

  it.each([
    ['broken JSON', 'application/json', '{"content":', 400, requestMessages.invalidJson],
    ['an empty JSON body', 'application/json', '', 400, requestMessages.invalidJson],
    ['another media type', 'application/xml', '<post/>', 415, requestMessages.jsonExpected],
    [
      'a body over the limit',
      'application/json',
      JSON.stringify({ x: 'y'.repeat(100) }),
      413,
      requestMessages.payloadTooLarge,
    ],
  ])("answers %s in the product's words", async (_what, type, payload, status, message) => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': type },
      payload,
    });
    expect([response.statusCode, response.json()]).toEqual([status, { message }]);
  });
});
