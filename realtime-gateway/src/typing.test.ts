import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPING_NOTE_EVERY_MS, TypingAccessCheck, typingLimiter } from './typing.ts';

/** A stand-in query-service: answers GET /api/conversations/:id/messages by the table below. */
const summary = (id: string, canWrite: boolean) => ({
  status: 200,
  body: {
    data: { conversation: { _id: id, other: { _id: 'bob' }, canWrite }, messages: [], nextBefore: null },
  },
});
const answers: Record<string, { status: number; body?: unknown }> = {
  open: summary('open', true),
  blocked: summary('blocked', false),
  'not-yours': { status: 404, body: { message: 'Conversation not found' } },
  'signed-out': { status: 401 },
  broken: { status: 500 },
};
const asked: string[] = [];
let server: http.Server;
let url = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const id = decodeURIComponent((req.url ?? '').split('/')[3] ?? '');
    const answer = answers[id] ?? { status: 404 };
    res
      .writeHead(answer.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(answer.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('TypingAccessCheck', () => {
  it('passes a note to the other person only where the reader is in the conversation and may write', async () => {
    const errors: unknown[] = [];
    const check = new TypingAccessCheck(url, (error) => errors.push(error));
    expect(await check.check('s1', 'open')).toEqual({ to: 'bob' });
    expect(asked.at(-1)).toBe('/api/conversations/open/messages?limit=1');
    expect(await check.check('s1', 'blocked')).toBe('refused');
    expect(await check.check('s1', 'not-yours')).toBe('refused');
    expect(await check.check('s1', 'signed-out')).toBe('signed-out');
    expect(await check.check('s1', 'broken')).toBe('refused');
    expect(errors).toHaveLength(1);
    // Answers are kept for a while: a person typing costs one question, not one per note.
    const before = asked.length;
    expect(await check.check('s1', 'open')).toEqual({ to: 'bob' });
    expect(asked.length).toBe(before);
  });
});

describe('typingLimiter', () => {
  it('lets one note per socket pass each TYPING_EVERY_MS / 2 and drops the rest', () => {
    let now = 1_000;
    const mayPass = typingLimiter(() => now);
    expect(mayPass()).toBe(true);
    expect(mayPass()).toBe(false);
    now += TYPING_NOTE_EVERY_MS - 1;
    expect(mayPass()).toBe(false);
    now += 1;
    expect(mayPass()).toBe(true);
  });
});
