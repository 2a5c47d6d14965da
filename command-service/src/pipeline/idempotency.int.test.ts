import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@careers/contracts/idempotency';
import { requestMessages } from '@careers/contracts/messages';
import { testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { type CommandCall, commandTestbed, sendCommand } from '../testing.ts';

const bed = commandTestbed(testNamespace('idempotency'));

function send(call: Omit<CommandCall, 'headers'>, key?: string) {
  return sendCommand(bed.running().app, {
    ...call,
    headers: key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key },
  });
}

const post = (sid: string, content: string, key?: string) =>
  send({ method: 'POST', url: '/api/posts', sid, body: { content } }, key);

async function postsOf(authorId: string): Promise<number> {
  const rows = await bed.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM {schema}.event_log WHERE type = 'PostCreated' AND data ->> 'authorId' = $1`,
    [authorId],
  );
  return rows[0]?.n ?? 0;
}

describe('Idempotency-Key on commands', () => {
  it('answers a repeat with the first answer and writes nothing more', async () => {
    const ada = await bed.signUp('Ada');
    const key = randomUUID();
    const first = await post(ada.sid, 'Hello once', key);
    expect(first.statusCode, first.body).toBe(201);
    const events = await bed.eventCount();

    const again = await post(ada.sid, 'Hello once', key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    // The same token: the repeat's next reads wait for the first's write.
    expect(again.headers[CONSISTENCY_HEADER]).toBe(first.headers[CONSISTENCY_HEADER]);
    expect(await bed.eventCount()).toBe(events);
    expect(await postsOf(ada.id)).toBe(1);
  });

  it('answers 422 for the same key with another body, and writes nothing', async () => {
    const bea = await bed.signUp('Bea');
    const key = randomUUID();
    expect((await post(bea.sid, 'First text', key)).statusCode).toBe(201);
    const other = await post(bea.sid, 'Other text', key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: requestMessages.idempotencyKeyReused });
    expect(await postsOf(bea.id)).toBe(1);
  });

  it('writes one post for two copies sent at once, and answers both alike', async () => {
    const cy = await bed.signUp('Cy');
    const key = randomUUID();
    const [one, two] = await Promise.all([post(cy.sid, 'Raced', key), post(cy.sid, 'Raced', key)]);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(one.json()).toEqual(two.json());
    expect(await postsOf(cy.id)).toBe(1);
  });

  it('makes a repeated like a like, not an unlike', async () => {
    const dee = await bed.signUp('Dee');
    const created = await post(dee.sid, 'Like me once');
    const postId = created.json().data._id as string;
    const key = randomUUID();
    const like = () => send({ method: 'POST', url: `/api/posts/${postId}/like`, sid: dee.sid }, key);
    const first = await like();
    const second = await like();
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    const types = (await bed.eventsOf(postId)).map((event) => event.type);
    expect(types).toEqual(['PostCreated', 'PostLiked']);
  });

  it("scopes keys per user: another person's key runs their own command", async () => {
    const eve = await bed.signUp('Eve');
    const fay = await bed.signUp('Fay');
    const key = randomUUID();
    expect((await post(eve.sid, 'Mine', key)).statusCode).toBe(201);
    const theirs = await post(fay.sid, 'Mine', key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect([await postsOf(eve.id), await postsOf(fay.id)]).toEqual([1, 1]);
  });

  it('decides a refused command again (it wrote nothing), and keeps no answer of it', async () => {
    const gus = await bed.signUp('Gus');
    const key = randomUUID();
    const missing = `/api/posts/${randomUUID()}/comments`;
    const first = await send({ method: 'POST', url: missing, sid: gus.sid, body: { content: 'Hi' } }, key);
    expect(first.statusCode).toBe(404);
    const rows = await bed.query(`SELECT 1 FROM {schema}.idempotency_keys WHERE user_id = $1`, [gus.id]);
    expect(rows).toEqual([]);
    const again = await send({ method: 'POST', url: missing, sid: gus.sid, body: { content: 'Hi' } }, key);
    expect(again.statusCode).toBe(404);
  });

  it('refuses a malformed key with 400, and runs commands without a key as before', async () => {
    const hal = await bed.signUp('Hal');
    for (const key of ['', 'a b', 'x'.repeat(256), 'é']) {
      const response = await post(hal.sid, 'Bad key', key);
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json()).toEqual({ message: requestMessages.idempotencyKeyInvalid });
    }
    expect((await post(hal.sid, 'No key')).statusCode).toBe(201);
    expect((await post(hal.sid, 'No key')).statusCode).toBe(201);
    expect(await postsOf(hal.id)).toBe(2);
  });

  it('lets a key older than a day be used again, for a new command', async () => {
    const ivy = await bed.signUp('Ivy');
    const key = randomUUID();
    expect((await post(ivy.sid, 'Yesterday', key)).statusCode).toBe(201);
    await bed.query(
      `UPDATE {schema}.idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1`,
      [ivy.id],
    );
    const today = await post(ivy.sid, 'Today', key);
    expect(today.statusCode).toBe(201);
    expect(today.json().data.content).toBe('Today');
    expect(await postsOf(ivy.id)).toBe(2);
    expect(await bed.running().deps.store.answers.sweep()).toBeGreaterThanOrEqual(0);
  });

  it("removes a person's answers with their account", async () => {
    const jo = await bed.signUp('Jo');
    expect((await post(jo.sid, 'Soon gone', randomUUID())).statusCode).toBe(201);
    const deleted = await send({
      method: 'DELETE',
      url: '/api/auth/account',
      sid: jo.sid,
      body: { password: 'cobol-1959' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bed.query(`SELECT 1 FROM {schema}.idempotency_keys WHERE user_id = $1`, [jo.id])).toEqual(
      [],
    );
  });
});
